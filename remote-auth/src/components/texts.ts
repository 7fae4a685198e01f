// Texts of the sign-in area (docs/product-rules.md#sign-in, #validation, #errors), letter for letter.
export const TEXTS = {
  loginFailed: 'Email or password is incorrect',
  allFieldsRequired: 'All fields are required',
  passwordsDiffer: 'Passwords do not match',
  mustAgreeToTerms: 'You must agree to the Terms of Service',
  signupFailed: 'Signup failed',
  sendCodeFailed: 'Failed to send verification code',
  resetFailed: 'Failed to reset password',
  resetSucceeded: 'Password reset successful!',
  verified: 'Email verified successfully! Setup Credential',
  codeResent: 'Verification code resent successfully!',
  verificationFailed: 'Verification Failed',
} as const;

/** docs/product-rules.md#constants: verification success leads to /login after 2 seconds. */
export const VERIFY_REDIRECT_MS = 2000;
