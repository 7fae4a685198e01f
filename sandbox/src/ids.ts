import { randomBytes, randomInt } from 'node:crypto';

/** Graph object ids are numeric strings (15–16 digits); random so restarts never reuse one. */
export function newNumericId(): string {
  return String(randomInt(1, 9)) + Array.from({ length: 14 }, () => randomInt(0, 10)).join('');
}

/** Looks like Meta's wamids (base64 of an opaque blob that starts with the phone number), unique across restarts. */
export function newWamid(waId: string): string {
  const blob = Buffer.concat([
    Buffer.from([0x1c, 0x18, waId.length]),
    Buffer.from(waId),
    Buffer.from([0x15, 0x02, 0x00, 0x12, 0x18, 0x14]),
    randomBytes(20),
  ]);
  return `wamid.${blob.toString('base64')}`;
}

export function newToken(prefix: string): string {
  return `${prefix}${randomBytes(24).toString('base64url')}`;
}

export function newFbTraceId(): string {
  return randomBytes(8).toString('base64url');
}

export function unixSeconds(date: Date = new Date()): string {
  return String(Math.floor(date.getTime() / 1000));
}

export function digitsOnly(phone: string): string {
  return phone.replace(/\D/g, '');
}
