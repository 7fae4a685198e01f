import type { Contact } from '@parley/shared';
import { chatTitle, contactLabel } from './contact-label';

const contact = (patch: Partial<Contact>): Contact => ({
  id: 'c',
  name: null,
  profileName: null,
  phone: '+15550001',
  email: null,
  ...patch,
});

describe('contactLabel', () => {
  it('prefers the contact name, then the profile name, then the phone', () => {
    expect(contactLabel(contact({ name: 'Ana', profileName: 'Ana P' }))).toBe('Ana');
    expect(contactLabel(contact({ profileName: 'Ana P' }))).toBe('Ana P');
    expect(contactLabel(contact({ name: '  ', profileName: '' }))).toBe('+15550001');
  });
});

describe('chatTitle', () => {
  it('shows the contact name or the phone, never the profile name', () => {
    expect(chatTitle(contact({ name: 'Ana', profileName: 'Ana P' }))).toBe('Ana');
    expect(chatTitle(contact({ profileName: 'Ana P' }))).toBe('+15550001');
  });
});
