import { aMessage } from '../test-support/fixtures';
import { previewText, quotedMessage } from './reply-preview';

describe('previewText', () => {
  it('shows the first 50 characters of a text, nothing appended', () => {
    const text = 'x'.repeat(49) + 'yz-more';
    expect(previewText({ type: 'text', content: { text } })).toBe('x'.repeat(49) + 'y');
    expect(previewText({ type: 'text', content: { text: 'short' } })).toBe('short');
  });
  it('counts an emoji as one character', () => {
    const text = '😀'.repeat(60);
    expect(previewText({ type: 'text', content: { text } })).toBe('😀'.repeat(50));
  });
  it('shows the capitalised type for anything but text', () => {
    expect(previewText({ type: 'image', content: { text: 'a caption' } })).toBe('Image');
    expect(previewText({ type: 'interactive', content: {} })).toBe('Interactive');
    expect(previewText({ type: 'text', content: { text: '   ' } })).toBe('Text');
  });
});

describe('quotedMessage', () => {
  const original = aMessage({ id: 'orig', content: { text: 'the original' } });
  const byId = new Map([[original.id, original]]);
  it('finds a quoted id among the loaded messages', () => {
    expect(quotedMessage(aMessage({ replyTo: 'orig' }), byId)).toBe(original);
    expect(quotedMessage(aMessage({ replyTo: 'not-loaded' }), byId)).toBeUndefined();
  });
  it('is empty when nothing is quoted', () => {
    expect(quotedMessage(aMessage(), byId)).toBeUndefined();
  });
});
