/** Telemetry's entry (docs/architecture.md): the trend card, trajectory and statistics links device pages show. */
export { TrajectoryButton, VehicleStatisticsButton } from './TrajectoryButton';
export { TrendCard } from './TrendCard';
export { trendSummary, type TrendSpec } from './trendModel';
export { LazyDailyBarChart, type DailyBars } from './LazyBarChart';
