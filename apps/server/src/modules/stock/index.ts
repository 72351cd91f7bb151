export { typeHasStockHistory, removeStockCountsOfType } from './stock.refs.js';
export { registerStockRoutes } from './stock.routes.js';
export { lockStockCounters } from './stock.counters.js';
