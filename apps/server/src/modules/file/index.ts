export {
  assertFilesOfTenants,
  readImageUpload,
  readMerchantDocumentsFrom,
  readUpload,
  removeStoredFile,
  storeBinaryFile,
  storeDemoImages,
  storedFileBytes,
  storeImage,
  type Upload,
} from './file.service.js';
