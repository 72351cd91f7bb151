export {
  JobHandlers,
  cancelJobs,
  enqueueJobs,
  jobCounts,
  startJobWorker,
  wakeJobWorkers,
  type JobHandler,
  type JobOutcome,
  type JobWorker,
  type JobWorkerOptions,
  type NewJob,
} from './job.queue.js';
export type { JobRow, JobState } from './job.table.js';
