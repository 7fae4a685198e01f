import { messagePreview } from './message-preview';

describe('messagePreview', () => {
  it('is the first 50 characters of the text, on one line, emoji kept whole', () => {
    const text = `Hello\n  there ${'😀'.repeat(60)}`;
    const preview = messagePreview({ type: 'text', content: { text } });
    expect(preview.startsWith('Hello there 😀')).toBe(true);
    expect(Array.from(preview)).toHaveLength(50);
  });

  it("is a media message's caption, else its type capitalised", () => {
    expect(messagePreview({ type: 'image', content: { caption: 'The receipt' } })).toBe('The receipt');
    expect(messagePreview({ type: 'image', content: { caption: '  ' } })).toBe('Image');
    expect(messagePreview({ type: 'template', content: {} })).toBe('Template');
    expect(messagePreview({ type: 'request_welcome', content: null })).toBe('Request welcome');
  });
});
