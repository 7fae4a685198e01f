/**
 * Phone numbers are kept as WhatsApp's wa_id: digits only, country code first. People type them with spaces,
 * dashes, brackets, a leading + or 00; we keep the digits. A number starting with 0 is a local number without
 * its country code: we cannot guess the country, so it is refused. E.164 allows at most 15 digits; the
 * shortest real numbers with a country code have 8.
 */
const TYPED_PHONE = /^\+?[\d\s().-]+$/;

export const PHONE_RULE =
  'Phone must be a phone number with its country code, e.g. +1 555 010 2030 (digits, spaces, dashes, brackets and a leading + only)';

export function normalizePhone(typed: string): string | null {
  const trimmed = typed.trim();
  if (!TYPED_PHONE.test(trimmed)) return null;
  let digits = trimmed.replace(/\D/g, '');
  if (!trimmed.startsWith('+') && digits.startsWith('00')) digits = digits.slice(2);
  if (digits.length < 8 || digits.length > 15 || digits.startsWith('0')) return null;
  return digits;
}
