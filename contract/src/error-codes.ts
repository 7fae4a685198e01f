/**
 * The stable codes of the refusals a user can see, each with its English text: the server's `message` letter for
 * letter, and the English of the browser's catalogue (shared/src/i18n, `errors` group), which shows its own
 * language's text for the code (docs/decisions/0006-languages.md). A refusal not listed here still carries a
 * code, the general one of its status (`GENERAL_ERROR_CODES`), and the browser shows its `message`.
 */
export const ERROR_TEXTS = {
  // Signing in, codes, sessions.
  wrong_credentials: 'Email or password is incorrect',
  email_unverified: 'Please verify your email before logging in',
  user_suspended: 'Your account is suspended. Contact your account owner.',
  user_deleted: 'This user has been deleted. Contact your account owner.',
  code_invalid: 'Invalid verification code',
  code_expired: 'This verification code has expired. Request a new one.',
  code_used: 'This verification code has already been used',
  code_locked: 'Too many wrong tries for this code. Request a new one.',
  too_many_logins: 'Too many login attempts. Please wait a minute and try again.',
  too_many_codes_requested: 'Too many codes requested. Please wait a minute and try again.',
  too_many_code_attempts: 'Too many code attempts. Please wait a minute and try again.',
  session_expired: 'Your session has expired, please log in again',
  session_ended: 'Your session has ended, please log in again',
  user_gone: 'This user no longer exists',
  mail_failed: 'Could not send the email. Please try again later.',
  owner_only: 'Only the account owner can do this',
  // Profile and users.
  current_password_wrong: 'Current password is incorrect',
  user_not_found: 'User not found',
  email_taken: 'This email is already in use',
  self_suspend: 'You cannot suspend yourself',
  self_delete: 'You cannot delete yourself',
  last_owner: 'The account must keep at least one active owner',
  // WhatsApp connection.
  phone_taken: 'This phone number is already connected to another Parley account',
  whatsapp_unreachable: 'WhatsApp could not be reached. Please try again in a moment.',
  whatsapp_rate_limited: 'WhatsApp is limiting requests for this business right now. Please try again later.',
  whatsapp_not_connected: 'WhatsApp is not connected for this account: the owner connects it under Credential Setup.',
  signup_code_invalid: 'The sign-up code is not valid. Please sign up with Facebook again.',
  signup_code_expired: 'The sign-up code has expired. Please sign up with Facebook again.',
  signup_code_used: 'The sign-up code has already been used. Please sign up with Facebook again.',
  signup_not_configured: 'The Facebook sign-up is not configured on this server.',
  // Conversations, contacts, library.
  conversation_not_found: 'Conversation not found',
  message_not_found: 'Message not found',
  contact_not_found: 'Contact not found',
  contact_phone_taken: 'A contact with this phone number already exists',
  only_failed_resend: 'Only a failed outgoing message can be sent again',
  staff_not_found: 'Staff member not found',
  assignee_suspended: 'A suspended staff member cannot be assigned',
  agent_assigns_self_only: 'Agents can assign a conversation only to themselves',
  assigned_elsewhere: 'This conversation is assigned to someone else',
  note_not_found: 'Note not found',
  not_your_note: 'Only its author or an owner can delete a note',
  unknown_mention: 'Mentions must be active staff members of the account',
  label_taken: 'A label with this name already exists',
  label_not_found: 'Label not found',
  shortcut_taken: 'A saved reply with this shortcut already exists',
  saved_reply_not_found: 'Saved reply not found',
  asset_not_found: 'Asset not found',
  too_many_files: 'You can upload up to 5 assets at a time.',
  form_not_found: 'Form not found',
  form_not_published: 'This form is not published, so it cannot be sent',
  form_not_customizable: 'This form cannot be customized',
} as const;

export type ErrorCode = keyof typeof ERROR_TEXTS;

/** The code of a refusal whose text is not in ERROR_TEXTS (a developer's mistake, or a text with values in it). */
export const GENERAL_ERROR_CODES: Record<number, string> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  413: 'too_large',
  415: 'unsupported_type',
  422: 'unprocessable',
  429: 'too_many_requests',
  500: 'internal',
  502: 'bad_gateway',
  503: 'unavailable',
};

const CODE_OF_TEXT = new Map<string, string>(Object.entries(ERROR_TEXTS).map(([code, text]) => [text, code]));

/** A refusal's code: its text's, else the general one of its status. */
export function errorCodeOf(message: string, status: number): string {
  return CODE_OF_TEXT.get(message) ?? GENERAL_ERROR_CODES[status] ?? (status >= 500 ? 'server_error' : 'client_error');
}
