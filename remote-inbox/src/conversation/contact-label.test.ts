import { phoneFormatReady, type Contact } from '@parley/shared';
import { contactLabel } from './contact-label';

// The page's parcel waits for libphonenumber's formats before it mounts (createPageParcel's `before`).
beforeAll(() => phoneFormatReady());

const contact = (patch: Partial<Contact>): Contact => ({
  id: 'c',
  name: null,
  profileName: null,
  phone: '+15559300067',
  email: null,
  ...patch,
});

describe('contactLabel', () => {
  it('prefers the contact name, then the profile name, then the phone formatted for humans', () => {
    expect(contactLabel(contact({ name: 'Ana', profileName: 'Ana P' }))).toBe('Ana');
    expect(contactLabel(contact({ profileName: 'Ana P' }))).toBe('Ana P');
    expect(contactLabel(contact({ name: '  ', profileName: '' }))).toBe('+1 555-930-0067');
  });

  it('formats a phone stored as digits without its plus the same way', () => {
    expect(contactLabel(contact({ phone: '15559300067' }))).toBe('+1 555-930-0067');
  });

  it('names a customer without a phone by username, and never says "null"', () => {
    expect(contactLabel(contact({ phone: null, username: 'ana.p' }))).toBe('ana.p');
    expect(contactLabel(contact({ phone: null, userId: 'US.123' }))).toBe('WhatsApp customer');
  });
});
