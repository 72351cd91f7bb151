/** Telemetry's entry (docs/architecture.md): the trend card and trajectory link device pages show. */
export { TrajectoryButton } from './TrajectoryButton';
export { TrendCard } from './TrendCard';
export { trendSummary, type TrendSpec } from './trendModel';
