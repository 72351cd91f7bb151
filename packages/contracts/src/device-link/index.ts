export * from './topics.js';
export * from './payloads.js';
export * from './fleet.js';
export * from './live.js';
