export {
  countFigures,
  rebuildFigures,
  recountDays,
  FIGURE_CHANNEL,
  type FigureFact,
  type FigureSource,
  figureSpan,
} from './dashboard.rollup.js';
