import { texts } from '../../i18n';

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
  const fields = [values.fullName, values.title, values.email].map((value) => (value ?? '').trim());
  if (fields.some((value) => !value) || !values.password || !values.confirmPassword)
    return texts.t('signUp.allFieldsRequired');
  if (values.password !== values.confirmPassword) return texts.t('common.passwordsDiffer');
  if (!values.agree) return texts.t('signUp.mustAgreeToTerms');
  return undefined;
}
