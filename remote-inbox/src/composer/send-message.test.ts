import { api } from '@parley/shared';
import { httpError } from '../test-support/api-mock';
import { sendErrorText, sendMessage } from './send-message';

describe('sendErrorText', () => {
  it("shows the server's message for a non-500 answer with an object body", () => {
    expect(sendErrorText(httpError(422, { message: 'The 24-hour window is closed' }))).toBe(
      'The 24-hour window is closed',
    );
  });
  it("says 'Unknown error sending message' for a 500, a non-object body or a network failure", () => {
    expect(sendErrorText(httpError(500, { message: 'Internal server error' }))).toBe('Unknown error sending message');
    expect(sendErrorText(httpError(400, 'plain text'))).toBe('Unknown error sending message');
    expect(sendErrorText(new Error('Network Error'))).toBe('Unknown error sending message');
  });
});

describe('sendMessage', () => {
  afterEach(() => jest.restoreAllMocks());

  it('posts a text with its reply target, and nothing extra without one', async () => {
    const post = jest.spyOn(api, 'post').mockResolvedValue({ data: { id: 'm1' } });
    await sendMessage('c1', { kind: 'text', text: 'Hi' }, 'm0');
    await sendMessage('c1', { kind: 'form', flowId: 'f1' });
    expect(post).toHaveBeenNthCalledWith(1, '/api/conversations/c1', { text: 'Hi', replyTo: 'm0' });
    expect(post).toHaveBeenNthCalledWith(2, '/api/conversations/c1/flow', { flowId: 'f1' });
  });

  it('posts a template with its parameters, and only name and language for one without', async () => {
    const post = jest.spyOn(api, 'post').mockResolvedValue({ data: { id: 'm1' } });
    const parameters = { header: 'Spring', body: { '1': 'Ana' }, buttons: { '0': 'A1B2' } };
    await sendMessage('c1', { kind: 'template', name: 'promo', language: 'en_US', parameters }, 'm0');
    await sendMessage('c1', { kind: 'template', name: 'hello_world', language: 'en_US' });
    expect(post).toHaveBeenNthCalledWith(1, '/api/conversations/c1/template', {
      name: 'promo',
      language: 'en_US',
      parameters,
      replyTo: 'm0',
    });
    expect(post).toHaveBeenNthCalledWith(2, '/api/conversations/c1/template', {
      name: 'hello_world',
      language: 'en_US',
    });
  });

  it('posts media as multipart with file, caption and reply target', async () => {
    const post = jest.spyOn(api, 'post').mockResolvedValue({ data: { id: 'm1' } });
    const file = new File(['x'], 'menu.png', { type: 'image/png' });
    await sendMessage('c1', { kind: 'media', file, caption: 'Menu' }, 'm0');
    const [url, body] = post.mock.calls[0] as [string, FormData];
    expect(url).toBe('/api/conversations/c1/media');
    expect((body.get('file') as File).name).toBe('menu.png');
    expect(body.get('caption')).toBe('Menu');
    expect(body.get('replyTo')).toBe('m0');
  });
});
