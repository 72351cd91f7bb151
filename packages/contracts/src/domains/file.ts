import { endpoint } from '../endpoint.js';
import { idQuery } from '../validation.js';
import { uploadedFile } from './merchant.js';

/** Stored images (merchant ID cards, face photos): upload, and download within the tenant. */
export const fileApi = {
  upload: endpoint({
    method: 'POST',
    path: '/file/upload',
    // Uploads serve the merchant documents: only accounts that manage merchants may store files.
    access: { code: 'admin.merchant' },
    multipart: true,
    answer: uploadedFile,
    summary: 'multipart/form-data with one image file (JPEG, PNG or WebP, at most 5 MB)',
  }),
  download: endpoint({ method: 'GET', path: '/file/download', access: { code: '' }, query: idQuery, answer: 'file' }),
} as const;
