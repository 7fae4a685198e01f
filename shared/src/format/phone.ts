type ParsePhone = typeof import('libphonenumber-js/min').parsePhoneNumberFromString;

let parsePhone: ParsePhone | undefined;
let loading: Promise<void> | undefined;

/**
 * Fetches libphonenumber-js and its metadata (about 24 KiB on the wire) the first time a page that shows phones
 * asks, not with @parley/shared on every page (issue #19: /login shows none). Those pages' parcels wait for it
 * before they mount (`createPageParcel(Page, { before: phoneFormatReady })`).
 */
export function phoneFormatReady(): Promise<void> {
  loading ??= import(/* webpackChunkName: "phone-formats" */ 'libphonenumber-js/min').then(
    (module) => {
      parsePhone = module.parsePhoneNumberFromString;
    },
    (error: unknown) => {
      // Asked again by the next page that needs it; meanwhile phones are shown as stored.
      loading = undefined;
      console.error('[parley] could not load the phone formats', error);
    },
  );
  return loading;
}

/**
 * A stored phone (E.164, with or without its plus: `+15559300067` or `15559300067`) as people read it:
 * `+1 555-930-0067`. The country code stands apart, the national groups are joined by hyphens (issue #16's form;
 * libphonenumber-js's own international form spaces every group, which reads like several numbers). The `min`
 * metadata groups digits without checking that a number is assigned, so demo and test numbers (555…) are
 * grouped too; what cannot be parsed, or comes before the formats have arrived, is shown with its plus, as stored.
 */
export function formatPhone(e164: string): string {
  const trimmed = e164.trim();
  const digits = trimmed.replace(/^\+/, '');
  if (!/^\d+$/.test(digits)) return trimmed;
  if (!parsePhone) void phoneFormatReady();
  const parsed = parsePhone?.(`+${digits}`);
  if (!parsed) return `+${digits}`;
  const [countryCode, ...groups] = parsed.formatInternational().split(' ');
  return groups.length > 0 ? `${countryCode} ${groups.join('-')}` : countryCode;
}
