export { NoPermissionView } from './NoPermissionPage';
