export { knownMenuIds, knownResourceIds } from './menu.refs.js';
export { buildTree } from './levels.js';
export { menuIdsByCode, resourceIdsOfMenus, syncMenuTree } from './menu.seed.js';
export { allGrants, grantsFrom } from './permissions.js';
export { tellMenuGrantees } from './menu.grantees.js';
