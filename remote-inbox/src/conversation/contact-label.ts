import type { Contact } from '@parley/shared';

function nonBlank(value: string | null | undefined): string | undefined {
  return value && value.trim() ? value : undefined;
}

/** A list row's name (spec section 2): contact name, else profile name, else phone. */
export function contactLabel(contact: Contact): string {
  return nonBlank(contact.name) ?? nonBlank(contact.profileName) ?? contact.phone;
}

/** The chat header's title (spec section 2): contact name or phone. */
export function chatTitle(contact: Contact): string {
  return nonBlank(contact.name) ?? contact.phone;
}
