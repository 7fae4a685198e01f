import { z } from 'zod';
import { ValidationError } from './errors';
import { emailField, fieldLabel, parseBody, requiredString } from './validation';

describe('parseBody', () => {
  const schema = z
    .object({
      fullName: requiredString(10),
      email: emailField(),
      age: z.number().int().min(18).optional(),
      password: z.string(),
      confirmPassword: z.string(),
    })
    .refine((v) => v.password === v.confirmPassword, { message: 'Passwords do not match', path: ['confirmPassword'] });

  const errorsOf = (value: unknown) => {
    try {
      parseBody(schema, value);
    } catch (error) {
      expect(error).toBeInstanceOf(ValidationError);
      return error as ValidationError;
    }
    throw new Error('expected a validation error');
  };

  it('returns the parsed, trimmed, lowercased value', () => {
    expect(parseBody(schema, { fullName: ' Ada ', email: ' A@B.C ', password: 'x', confirmPassword: 'x' })).toEqual({
      fullName: 'Ada',
      email: 'a@b.c',
      password: 'x',
      confirmPassword: 'x',
    });
  });

  it('names each bad field in readable words', () => {
    const error = errorsOf({ fullName: 'x'.repeat(11), age: 12, password: 3 });
    expect(error.status).toBe(400);
    expect(error.errors).toEqual({
      fullName: 'Full name is too long (at most 10 characters)',
      email: 'Email is required',
      age: 'Age must be at least 18',
      password: 'Password must be a string',
      confirmPassword: 'Confirm password is required',
    });
    expect(error.message).toBe(Object.values(error.errors).join('; '));
  });

  it('keeps a schema’s own messages', () => {
    expect(errorsOf({ fullName: 'A', email: 'e', password: 'a', confirmPassword: 'b' }).errors).toEqual({
      confirmPassword: 'Passwords do not match',
    });
  });

  it('explains a missing or non-object body', () => {
    expect(errorsOf(undefined).errors).toEqual({ _: 'Request body is required' });
    expect(errorsOf('text').errors).toEqual({ _: 'Request body must be an object' });
  });

  it('labels camelCase fields', () => {
    expect(fieldLabel(['confirmNewPassword'])).toBe('Confirm new password');
    expect(fieldLabel(['items', 0, 'phone_number'])).toBe('Phone number');
  });
});
