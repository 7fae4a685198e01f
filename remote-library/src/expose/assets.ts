import { createPageParcel } from '@parley/shared';
import { AssetsPage } from '../assets/assets-page';

export default createPageParcel(AssetsPage);
