export { createJobRunner, RetryJob } from './runner';
export type { ClaimedJob, JobDefinition, JobRunner, JobRunnerOptions } from './runner';
export type { NewJob } from './queue';
