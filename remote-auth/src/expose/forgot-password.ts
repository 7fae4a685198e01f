import { createPageParcel } from '@parley/shared';
import { ForgotPasswordPage } from '../pages/forgot-password/forgot-password-page';

export default createPageParcel(ForgotPasswordPage);
