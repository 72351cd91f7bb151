import { lazy } from 'react';

export type { DailyBars } from './DailyBarChart';

/** The bar chart of DailyBarChart, fetched with ECharts the first time one is shown. */
export const LazyDailyBarChart = lazy(async () => ({ default: (await import('./DailyBarChart')).DailyBarChart }));
