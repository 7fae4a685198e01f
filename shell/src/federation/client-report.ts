import type { ClientReport } from '@parley/shared';
import { registeredRemote, versionInUse } from './remote-registry';

const MAX_ERROR = 300;
const sent = new Set<string>();

/** The error's own name and message, cut short: never page content. */
export function errorText(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return text.slice(0, MAX_ERROR);
}

/** Sends a report once per page load (a re-render loop must not flood the server); never throws. */
export function sendClientReport(report: ClientReport): void {
  const key = `${report.kind} ${report.remote} ${report.version} ${report.module ?? ''}`;
  if (sent.has(key)) return;
  sent.add(key);
  try {
    void fetch('/api/client-reports', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(report),
      keepalive: true,
    }).catch(() => undefined);
  } catch {
    // reporting must never break the page
  }
}

/** A page that could not be loaded at all, or crashed: reported against the version of its remote in use. */
export function reportPageProblem(kind: 'load-failed' | 'crash', module: string, error: unknown): void {
  const name = module.split('/')[0];
  const remote = registeredRemote(name);
  const version = versionInUse(name);
  if (!remote || !version) return;
  sendClientReport({ kind, remote: remote.packageName, version, module, error: errorText(error) });
}
