export {
  countFigures,
  rebuildFigures,
  recountDays,
  FIGURE_CHANNEL,
  type FigureFact,
  type FigureSource,
  figureSpan,
  columnSpan,
  utcHour,
  hourAt,
} from './dashboard.rollup.js';
