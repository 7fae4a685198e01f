import { statusAfterNewMessage } from './reactivation';

describe('a new message', () => {
  it('moves a closed or active conversation to active', () => {
    expect(statusAfterNewMessage('closed')).toBe('active');
    expect(statusAfterNewMessage('active')).toBe('active');
  });

  it('leaves an archived conversation archived', () => {
    expect(statusAfterNewMessage('archived')).toBe('archived');
  });
});
