import { createPageParcel } from '@parley/shared';
import { VerifyPage } from '../pages/verify/verify-page';

export default createPageParcel(VerifyPage);
