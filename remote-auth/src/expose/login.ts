import { createPageParcel } from '@parley/shared';
import { LoginPage } from '../pages/login/login-page';

export default createPageParcel(LoginPage);
