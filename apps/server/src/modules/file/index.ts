export {
  assertFilesOfTenants,
  readImageUpload,
  readMerchantDocumentsFrom,
  readUpload,
  removeStoredFile,
  storeApplicantImage,
  storeBinaryFile,
  storeDemoImages,
  storedFileBytes,
  storeImage,
  type Upload,
} from './file.service.js';
