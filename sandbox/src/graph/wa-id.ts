/**
 * The wa_id WhatsApp answers a send with, which can differ from the number sent to ("contacts[].wa_id" in Meta's
 * Messages API reference: "the WhatsApp ID ... may not match the input"). Two well-known cases, modelled here:
 * - Brazil (55): mobile numbers gained a ninth digit (9) in 2012–2016, but accounts registered before keep the
 *   8-digit form in most area codes; WhatsApp resolves a 9-digit number in area codes 31 and above to the 8-digit
 *   wa_id, and an 8-digit number in the area codes below 31 to the 9-digit one.
 * - Mexico (52): WhatsApp ids of mobile numbers carry a 1 after the country code (521 + 10 digits).
 */
export function whatsappIdFor(digits: string): string {
  if (/^55\d{11}$/.test(digits)) {
    const area = Number(digits.slice(2, 4));
    if (digits[4] === '9' && area >= 31) return `55${digits.slice(2, 4)}${digits.slice(5)}`;
  }
  if (/^55\d{10}$/.test(digits)) {
    const area = Number(digits.slice(2, 4));
    if (area < 31 && /^[6-9]/.test(digits[4])) return `55${digits.slice(2, 4)}9${digits.slice(4)}`;
  }
  if (/^52\d{10}$/.test(digits)) return `521${digits.slice(2)}`;
  return digits;
}
