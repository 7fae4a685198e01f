// Texts and timings of the profile page (docs/product-rules.md#admin, #errors, #constants), letter for letter.
export const PROFILE_TEXTS = {
  profileUpdated: 'Profile updated successfully',
  passwordChanged: 'Password changed successfully',
  passwordsDiffer: 'Passwords do not match',
  changePasswordFailed: 'Failed to change password',
} as const;

/** Success texts clear after about 1 s; password error texts after 2 s. */
export const SUCCESS_TEXT_MS = 1000;
export const PASSWORD_ERROR_MS = 2000;
