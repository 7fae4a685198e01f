import { parsePhoneNumberFromString } from 'libphonenumber-js/min';

/**
 * A stored phone (E.164, with or without its plus: `+15559300067` or `15559300067`) as people read it:
 * `+1 555-930-0067`. The country code stands apart, the national groups are joined by hyphens (issue #16's form;
 * libphonenumber-js's own international form spaces every group, which reads like several numbers). The `min`
 * metadata groups digits without checking that a number is assigned, so demo and test numbers (555…) are
 * grouped too; what cannot be parsed is shown with its plus, as stored.
 */
export function formatPhone(e164: string): string {
  const trimmed = e164.trim();
  const digits = trimmed.replace(/^\+/, '');
  if (!/^\d+$/.test(digits)) return trimmed;
  const parsed = parsePhoneNumberFromString(`+${digits}`);
  if (!parsed) return `+${digits}`;
  const [countryCode, ...groups] = parsed.formatInternational().split(' ');
  return groups.length > 0 ? `${countryCode} ${groups.join('-')}` : countryCode;
}
