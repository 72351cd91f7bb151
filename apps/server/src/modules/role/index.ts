export {
  grantedByRoles,
  menuIdsOfRoles,
  removeRolesOfMerchant,
  resourceIdsOfRoles,
  revokeMenuGrants,
  revokeResourceGrants,
  roleSummaries,
  rolesByIds,
} from './role.refs.js';
