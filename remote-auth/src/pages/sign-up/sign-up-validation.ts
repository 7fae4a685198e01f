import { TEXTS } from '../../components/texts';

export interface SignUpValues {
  fullName: string;
  title: string;
  email: string;
  password: string;
  confirmPassword: string;
  agree: boolean;
}

/**
 * docs/product-rules.md#validation, in this order and nothing more: all five fields, matching passwords, the Terms box.
 * Text fields count as empty when only spaces (the server trims them); passwords are taken as typed.
 */
export function signUpProblem(values: SignUpValues): string | undefined {
  const texts = [values.fullName, values.title, values.email].map((value) => (value ?? '').trim());
  if (texts.some((value) => !value) || !values.password || !values.confirmPassword) return TEXTS.allFieldsRequired;
  if (values.password !== values.confirmPassword) return TEXTS.passwordsDiffer;
  if (!values.agree) return TEXTS.mustAgreeToTerms;
  return undefined;
}
