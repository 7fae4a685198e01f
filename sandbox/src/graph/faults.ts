import type { Fault, SandboxState } from '../state';

/**
 * Takes the fault that applies to a send to `waIds` (the number as sent and WhatsApp's id for it): a recipient
 * fault first, then the next-N queue.
 */
export function takeFault(state: SandboxState, ...waIds: string[]): Fault | undefined {
  const fault =
    state.faults.find((candidate) => candidate.recipient !== undefined && waIds.includes(candidate.recipient)) ??
    state.faults.find((candidate) => candidate.recipient === undefined);
  if (!fault) return undefined;
  if (fault.remaining !== undefined) {
    fault.remaining -= 1;
    if (fault.remaining <= 0) state.faults = state.faults.filter((candidate) => candidate !== fault);
  }
  state.counters.faultsTriggered += 1;
  return { ...fault };
}
