import type { Fault, SandboxState } from '../state';

/** Takes the fault that applies to a send to `waId`: a recipient fault first, then the next-N queue. */
export function takeFault(state: SandboxState, waId: string): Fault | undefined {
  const fault =
    state.faults.find((candidate) => candidate.recipient === waId) ??
    state.faults.find((candidate) => candidate.recipient === undefined);
  if (!fault) return undefined;
  if (fault.remaining !== undefined) {
    fault.remaining -= 1;
    if (fault.remaining <= 0) state.faults = state.faults.filter((candidate) => candidate !== fault);
  }
  state.counters.faultsTriggered += 1;
  return { ...fault };
}
