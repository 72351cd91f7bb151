export { countFigures, rebuildFigures, FIGURE_CHANNEL, type FigureFact, type FigureSource } from './dashboard.rollup.js';
