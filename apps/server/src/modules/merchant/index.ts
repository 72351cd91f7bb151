export { merchantDocumentIds, merchantExists, merchantIdColumn, merchantJoin, merchantNameOf } from './merchant.refs.js';
