import { AxiosError, AxiosHeaders } from 'axios';
import { joinedValidationErrors, serverTextUnless500, withServerMessage } from './errors';

function failed(status: number, data: unknown): AxiosError {
  const config = { headers: new AxiosHeaders() };
  return new AxiosError('failed', 'ERR', config, null, { status, data, statusText: '', headers: {}, config });
}

describe('error texts', () => {
  it('appends the server message after ": " when there is one', () => {
    expect(withServerMessage('Failed to add user', failed(409, { message: 'Email already used' }))).toBe(
      'Failed to add user: Email already used',
    );
    expect(withServerMessage('Failed to add user', new Error('network'))).toBe('Failed to add user');
  });

  it('uses the server text unless the answer is a 500 or has no object body', () => {
    expect(serverTextUnless500(failed(422, { message: 'Window closed' }), 'Unknown error sending message')).toBe(
      'Window closed',
    );
    expect(serverTextUnless500(failed(500, { message: 'db down' }), 'Unknown error sending message')).toBe(
      'Unknown error sending message',
    );
    expect(serverTextUnless500(failed(400, 'plain text'), 'Unknown error sending message')).toBe(
      'Unknown error sending message',
    );
    expect(serverTextUnless500(failed(400, { description: 'Too big' }), 'Failed to update asset', 'description')).toBe(
      'Too big',
    );
  });

  it('joins validation errors with spaces', () => {
    expect(
      joinedValidationErrors(
        failed(400, { errors: { password: 'Current password is wrong.', newPassword: 'Too long.' } }),
      ),
    ).toBe('Current password is wrong. Too long.');
    expect(joinedValidationErrors(failed(400, { message: 'x' }))).toBeUndefined();
  });
});
