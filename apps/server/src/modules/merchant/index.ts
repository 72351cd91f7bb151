export { merchantDocumentIds, merchantExists, merchantIdColumn, merchantNameOf } from './merchant.refs.js';
