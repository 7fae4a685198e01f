import { createPageParcel } from '@parley/shared';
import { ProfilePage } from '../profile/profile-page';

export default createPageParcel(ProfilePage);
