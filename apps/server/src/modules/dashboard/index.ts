export {
  countFigures,
  rebuildFigures,
  type RebuildMark,
  type RebuildProgress,
  recountDays,
  FIGURE_CHANNEL,
  type FigureFact,
  type FigureSource,
  type FactColumns,
  factFields,
  figureSpan,
  columnSpan,
} from './dashboard.rollup.js';
