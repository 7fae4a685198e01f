import { run } from './cli';
import { startSandbox, type RunningSandbox } from './sandbox';
import { fastTestOptions, graph } from './test-support/webhook-receiver';

describe('npm run customer -- --expire-token', () => {
  let sandbox: RunningSandbox;
  beforeAll(async () => {
    sandbox = await startSandbox(fastTestOptions);
  });
  afterAll(() => sandbox.close());

  it("expires the demo's token: Graph calls with it then fail with 190/463", async () => {
    const phone = `/${sandbox.seeded.phoneNumberId}`;
    expect((await graph(sandbox.graphBase, 'GET', phone)).status).toBe(200);
    const output = await run(['--expire-token', '--sandbox', sandbox.url]);
    expect(output).toMatch(/sandbox-token-demo expired/);
    const refused = await graph(sandbox.graphBase, 'GET', phone);
    expect(refused.body.error).toMatchObject({ code: 190, error_subcode: 463 });
  });

  it('says so for a token the sandbox does not know', async () => {
    await expect(run(['--expire-token', 'EAAG-unknown', '--sandbox', sandbox.url])).rejects.toThrow(/No such token/);
  });
});
