import { createPageParcel } from '@parley/shared';
import { ContactsPage } from '../contacts/contacts-page';

export default createPageParcel(ContactsPage);
