import { classifyGraphAnswer, graphErrorFromAnswer, graphErrorFromFailure } from './graph-error';

describe('Graph error classification', () => {
  it.each([
    [429, 130429, 'retryable'],
    [429, 131056, 'retryable'],
    [400, 131056, 'retryable'],
    [403, 4, 'retryable'],
    [429, 80007, 'retryable'],
    [429, null, 'retryable'],
    [500, 131000, 'ambiguous'],
    [503, 2, 'ambiguous'],
    [502, null, 'ambiguous'],
    [401, 190, 'permanent'],
    [400, 131047, 'permanent'],
    [400, 131026, 'permanent'],
    [400, 100, 'permanent'],
    [400, 131008, 'permanent'],
    [400, 131009, 'permanent'],
    [404, 132001, 'permanent'],
    [400, 133010, 'permanent'],
    [403, 368, 'permanent'],
  ] as const)('HTTP %s code %s → %s', (status, code, kind) => {
    expect(classifyGraphAnswer(status, code)).toBe(kind);
  });

  it("reads Meta's error body", () => {
    const error = graphErrorFromAnswer(
      400,
      {
        error: {
          message: '(#131009) Parameter value is not valid',
          type: 'OAuthException',
          code: 131009,
          error_data: { messaging_product: 'whatsapp', details: 'bad to' },
          fbtrace_id: 'T',
        },
      },
      null,
    );
    expect(error).toMatchObject({
      httpStatus: 400,
      code: 131009,
      title: 'Parameter value is not valid',
      details: 'bad to',
      kind: 'permanent',
      extra: { fbtraceId: 'T' },
    });
  });

  it('treats refused connections as retryable and time-outs or resets as ambiguous', () => {
    expect(
      graphErrorFromFailure(Object.assign(new TypeError('fetch failed'), { cause: { code: 'ECONNREFUSED' } })).kind,
    ).toBe('retryable');
    expect(graphErrorFromFailure(Object.assign(new Error('t'), { name: 'TimeoutError' })).kind).toBe('ambiguous');
    expect(
      graphErrorFromFailure(Object.assign(new TypeError('fetch failed'), { cause: { code: 'ECONNRESET' } })).kind,
    ).toBe('ambiguous');
  });
});
