/** docs/product-rules.md#errors (user management) and #page-sizes: texts letter for letter. */
export const USER_TOASTS = {
  removed: 'User removed',
  updated: 'User updated',
  suspended: 'User suspend',
  activated: 'User activated',
  added: 'User added',
  removeFailed: 'Failed to delete user',
  updateFailed: 'Failed to update user',
  suspendFailed: 'Failed to suspense user',
  activateFailed: 'Failed to activate user',
  addFailed: 'Failed to add user',
} as const;

export const PAGE_SIZES = [5, 10, 15, 20, 30, 40, 50] as const;
export const DEFAULT_PAGE_SIZE = 5;

/** Statuses the list shows plainly; anything else is shown in red (docs/product-rules.md#user-status). */
export const KNOWN_STATUSES = ['active', 'hold'];
