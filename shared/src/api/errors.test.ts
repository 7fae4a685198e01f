import { AxiosError, AxiosHeaders } from 'axios';
import { joinedValidationErrors, serverText, serverTextUnless500, withServerMessage } from './errors';
import { languageReady } from '../i18n/catalogue';
import { updatePersisted } from '../stores/persisted';
import type { CurrentUser } from '../contract';

/** The user's language, once shown (its catalogue is fetched when first wanted). */
function speaking(language: CurrentUser['language']): Promise<void> {
  updatePersisted({ profile: { id: 'u', fullName: 'U', language } as CurrentUser });
  return languageReady();
}
afterEach(() => updatePersisted({ profile: null }));

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

  it("shows a known code's text in the user's language, and the server's text for a code the catalogue lacks", async () => {
    const taken = failed(409, { message: 'This email is already in use', code: 'email_taken' });
    expect(withServerMessage('Failed to add user', taken)).toBe('Failed to add user: This email is already in use');
    await speaking('es');
    expect(withServerMessage('Failed to add user', taken)).toBe(
      'Failed to add user: Este correo electrónico ya está en uso',
    );
    await speaking('pt-BR');
    expect(serverText(taken)).toBe('Este e-mail já está em uso');
    expect(serverText(failed(400, { message: 'Cursor is invalid', code: 'bad_request' }))).toBe('Cursor is invalid');
    // A server whose text differs from the catalogue's English (an older or newer wording) is shown as it says.
    expect(serverText(failed(409, { message: 'Email already used', code: 'email_taken' }))).toBe('Email already used');
  });

  it('translates a validation error whose text is its code’s', async () => {
    await speaking('es');
    const wrong = failed(400, {
      message: 'Current password is incorrect',
      code: 'current_password_wrong',
      errors: { password: 'Current password is incorrect' },
    });
    expect(joinedValidationErrors(wrong)).toBe('La contraseña actual es incorrecta');
  });
});
