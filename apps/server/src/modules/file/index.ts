export { assertFilesOfTenants } from './file.service.js';
