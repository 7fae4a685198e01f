import type { Contact } from '@parley/shared';

/** "Ana Lima (Ana)": the name, then the WhatsApp profile name in brackets (docs/product-rules.md#library). */
export function contactDisplayName(contact: Pick<Contact, 'name' | 'profileName'>): string {
  const parts = [contact.name?.trim(), contact.profileName?.trim() ? `(${contact.profileName.trim()})` : undefined];
  return parts.filter(Boolean).join(' ');
}
