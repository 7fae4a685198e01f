// Texts of spec sections 2, 5 and 8 for the sign-in area, letter for letter.
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

/** Spec section 9: verification success leads to /login after 2 seconds. */
export const VERIFY_REDIRECT_MS = 2000;
