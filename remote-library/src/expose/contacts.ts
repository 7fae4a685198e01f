import { createPageParcel, phoneFormatReady } from '@parley/shared';
// The remote's texts travel with it: registered before its page renders (docs/decisions/0006-languages.md).
import '../i18n';
import { ContactsPage } from '../contacts/contacts-page';

// Shows customers' phones: libphonenumber's formats come before the first paint.
export default createPageParcel(ContactsPage, { before: phoneFormatReady });
