import { createPageParcel } from '@parley/shared';
import { TermsOfServicePage } from '../pages/terms-of-service/terms-of-service-page';

export default createPageParcel(TermsOfServicePage);
