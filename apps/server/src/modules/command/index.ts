export { registerCommandRoutes, type CommandOptions } from './command.routes.js';
export { applyCommandResult, cancelOutstandingCommands, sweepOverdueCommands, type ResultLog } from './command.lifecycle.js';
export { sendTaskCommand, type CommandDeps, type CommandRefusal } from './command.service.js';
export { commandOutcomesByCabinet } from './command.query.js';
export { DEMO_COMMAND, seedDemoFailedCommands } from './command.seed.js';
