export {
  JobHandlers,
  cancelJobs,
  enqueueJobs,
  jobCounts,
  JOB_RETENTION_MS,
  purgeEndedJobs,
  startJobWorker,
  wakeJobWorkers,
  type JobHandler,
  type JobOutcome,
  type JobWorker,
  type JobWorkerOptions,
  type NewJob,
} from './job.queue.js';
export type { JobRow, JobState } from './job.table.js';
