export * from './envelope.js';
export * from './endpoint.js';
export * from './api.js';
export * from './messages.js';
export * from './navigation.js';
export * from './validation.js';
export * from './fields.js';
export * from './device-link/index.js';
