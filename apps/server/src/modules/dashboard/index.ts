export { countFigures, rebuildFigures, recountDays, FIGURE_CHANNEL, type FigureFact, type FigureSource } from './dashboard.rollup.js';
