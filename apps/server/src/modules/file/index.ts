export { assertFilesOfTenants, readMerchantDocumentsFrom } from './file.service.js';
