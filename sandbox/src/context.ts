import type { SandboxOptions } from './config';
import type { StatusDriver } from './customers/status-driver';
import type { Scheduler } from './scheduler';
import type { SandboxState } from './state';
import type { WebhookDispatcher } from './webhook/dispatcher';

/** What every route module needs. */
export interface SandboxContext {
  state: SandboxState;
  options: SandboxOptions & { publicUrl: string };
  scheduler: Scheduler;
  dispatcher: WebhookDispatcher;
  statuses: StatusDriver;
}
