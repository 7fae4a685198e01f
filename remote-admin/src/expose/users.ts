import { createPageParcel } from '@parley/shared';
import { UsersPage } from '../users/users-page';

export default createPageParcel(UsersPage);
