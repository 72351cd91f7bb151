export {
  addMerchantAdministratorRole,
  grantedByRoles,
  menuIdsOfRoles,
  removeRolesOfMerchant,
  resourceIdsOfRoles,
  revokeMenuGrants,
  revokeResourceGrants,
  roleSummaries,
  rolesByIds,
  rolesGrantingBeyond,
} from './role.refs.js';
export { tellRoleHolders } from './role.holders.js';
