import { createPageParcel } from '@parley/shared';
// The remote's texts travel with it: registered before its page renders (docs/decisions/0006-languages.md).
import '../i18n';
import { FormsPage } from '../forms/forms-page';

export default createPageParcel(FormsPage);
