import { createPageParcel } from '@parley/shared';
import { CredentialsPage } from '../credentials/credentials-page';

export default createPageParcel(CredentialsPage);
