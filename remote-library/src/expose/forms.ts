import { createPageParcel } from '@parley/shared';
import { FormsPage } from '../forms/forms-page';

export default createPageParcel(FormsPage);
