import { createPageParcel } from '@parley/shared';
import { SavedRepliesPage } from '../saved-replies/saved-replies-page';

export default createPageParcel(SavedRepliesPage);
