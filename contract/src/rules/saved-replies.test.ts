import { fillPlaceholders, matchingSavedReplies, SHORTCUT_PATTERN, typedShortcut } from './saved-replies';

describe('fillPlaceholders', () => {
  it('fills the contact and agent names, every occurrence, spaces inside the braces allowed', () => {
    const text = 'Hi {{contact.name}}, this is {{ agent.name }}. Bye {{contact.name}}!';
    expect(fillPlaceholders(text, { 'contact.name': 'Maria', 'agent.name': 'Adam Agent' })).toBe(
      'Hi Maria, this is Adam Agent. Bye Maria!',
    );
  });

  it('keeps unknown placeholders, and known ones without a value, exactly as typed', () => {
    const text = 'Order {{order.id}} for {{contact.name}} from {{agent.name}} {{constructor}} {{ toString }}';
    expect(fillPlaceholders(text, { 'contact.name': 'Maria', 'agent.name': '  ' })).toBe(
      'Order {{order.id}} for Maria from {{agent.name}} {{constructor}} {{ toString }}',
    );
  });

  it('leaves text without placeholders, and half-written braces, unchanged', () => {
    expect(fillPlaceholders('Price: {contact.name} {{contact.name', { 'contact.name': 'Maria' })).toBe(
      'Price: {contact.name} {{contact.name',
    );
  });

  it('inserts a value with $ signs literally', () => {
    expect(fillPlaceholders('Hi {{contact.name}}', { 'contact.name': '$& $1 Co' })).toBe('Hi $& $1 Co');
  });
});

describe('typedShortcut', () => {
  it('is the word after a leading slash, lowercased', () => {
    expect(typedShortcut('/')).toBe('');
    expect(typedShortcut('/Thanks')).toBe('thanks');
    expect(typedShortcut('/opening-hours')).toBe('opening-hours');
  });

  it('is undefined once the text is not a shortcut being typed', () => {
    expect(typedShortcut('')).toBeUndefined();
    expect(typedShortcut('hello /thanks')).toBeUndefined();
    expect(typedShortcut('/thanks ')).toBeUndefined();
    expect(typedShortcut('/a/b')).toBeUndefined();
  });
});

describe('matchingSavedReplies', () => {
  const replies = [{ shortcut: 'thanks-long' }, { shortcut: 'hours' }, { shortcut: 'thanks' }, { shortcut: 'thank' }];
  it('keeps the shortcuts starting with the typed text, the exact one first', () => {
    expect(matchingSavedReplies(replies, 'thanks').map((r) => r.shortcut)).toEqual(['thanks', 'thanks-long']);
    expect(matchingSavedReplies(replies, 'th').map((r) => r.shortcut)).toEqual(['thank', 'thanks', 'thanks-long']);
    expect(matchingSavedReplies(replies, '').map((r) => r.shortcut)).toEqual([
      'hours',
      'thank',
      'thanks',
      'thanks-long',
    ]);
    expect(matchingSavedReplies(replies, 'zzz')).toEqual([]);
  });
});

describe('SHORTCUT_PATTERN', () => {
  it('allows lowercase letters, digits, - and _, 1 to 32 characters', () => {
    for (const ok of ['a', 'hours', 'opening_hours-2', 'x'.repeat(32)]) expect(SHORTCUT_PATTERN.test(ok)).toBe(true);
    for (const bad of ['', 'Hours', 'two words', 'x'.repeat(33), 'é', '/hours'])
      expect(SHORTCUT_PATTERN.test(bad)).toBe(false);
  });
});
