export {
  countFigures,
  rebuildFigures,
  recountDays,
  FIGURE_CHANNEL,
  type FigureFact,
  type FigureSource,
  type FactColumns,
  factFields,
  figureSpan,
  columnSpan,
} from './dashboard.rollup.js';
