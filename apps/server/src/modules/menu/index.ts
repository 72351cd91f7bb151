export { knownMenuIds, knownResourceIds } from './menu.refs.js';
export { buildTree } from './levels.js';
export { menuIdsByCode, resourceIdsOfMenus, syncMenuTree } from './menu.seed.js';
export { type Grants, grantsOf, grantsOfAccounts, grantsWithin, withinGrants } from './permissions.js';
