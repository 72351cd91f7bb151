export { countFigures, FIGURE_CHANNEL, type FigureFact } from './dashboard.rollup.js';
