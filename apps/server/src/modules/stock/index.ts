export { registerStockRoutes } from './stock.routes.js';
