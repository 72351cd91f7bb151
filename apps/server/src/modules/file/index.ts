export { assertFilesOfTenants, readImageUpload, readMerchantDocumentsFrom, storeDemoImages, storeImage } from './file.service.js';
