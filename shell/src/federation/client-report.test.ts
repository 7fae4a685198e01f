import { errorText, reportPageProblem, sendClientReport } from './client-report';
import { rememberRemotes, switchVersion } from './remote-registry';

describe('reports to the server', () => {
  const posted: unknown[] = [];
  beforeAll(() => {
    (globalThis as { fetch?: unknown }).fetch = jest.fn(async (_url: string, init: { body: string }) => {
      posted.push(JSON.parse(init.body));
      return new Response(null, { status: 204 });
    });
    rememberRemotes([
      {
        name: 'remote_inbox',
        packageName: 'remote-inbox',
        version: '1.0.2',
        entry: '/deployments/remote-inbox/1.0.2/mf-manifest.json',
        fallbacks: [{ version: '1.0.1', entry: '/deployments/remote-inbox/1.0.1/mf-manifest.json' }],
      },
    ]);
  });
  beforeEach(() => (posted.length = 0));

  it('reports a crash against the version of the remote in use (after a fallback, the earlier one)', () => {
    switchVersion('remote_inbox', '1.0.1');
    reportPageProblem('crash', 'remote_inbox/Dashboard', new TypeError('x is undefined'));
    expect(posted).toEqual([
      {
        kind: 'crash',
        remote: 'remote-inbox',
        version: '1.0.1',
        module: 'remote_inbox/Dashboard',
        error: 'TypeError: x is undefined',
      },
    ]);
  });

  it('sends the same report once per page load, and never a long error text', () => {
    const report = { kind: 'load-failed' as const, remote: 'remote-auth', version: '2.0.0', error: 'e' };
    sendClientReport(report);
    sendClientReport(report);
    expect(posted).toHaveLength(1);
    expect(errorText(new Error('y'.repeat(1000)))).toHaveLength(300);
  });

  it('ignores a page of a remote it does not know', () => {
    reportPageProblem('crash', 'remote_unknown/Page', new Error('x'));
    expect(posted).toEqual([]);
  });
});
