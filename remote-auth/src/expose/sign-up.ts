import { createPageParcel } from '@parley/shared';
import { SignUpPage } from '../pages/sign-up/sign-up-page';

export default createPageParcel(SignUpPage);
