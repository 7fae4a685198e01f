import { formatPhone, type Contact } from '@parley/shared';
import { t } from '../i18n';

function nonBlank(value: string | null | undefined): string | undefined {
  return value && value.trim() ? value : undefined;
}

/**
 * How the inbox names a customer, the same in the list row, the chat header and notifications (issue #16):
 * contact name, else profile name, else the phone formatted for humans (`+1 555-930-0067`). A customer known
 * only by a WhatsApp user id has no phone: their username names them instead.
 */
export function contactLabel(contact: Contact): string {
  const phone = nonBlank(contact.phone);
  return (
    nonBlank(contact.name) ??
    nonBlank(contact.profileName) ??
    (phone ? formatPhone(phone) : undefined) ??
    nonBlank(contact.username) ??
    // WhatsApp gave nothing to name the customer by (never "null").
    t('contact.unknown')
  );
}
