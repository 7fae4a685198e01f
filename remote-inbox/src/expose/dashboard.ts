import { createPageParcel, phoneFormatReady } from '@parley/shared';
// The remote's texts travel with it: registered before its page renders (docs/decisions/0006-languages.md).
import '../i18n';
import { DashboardPage } from '../dashboard/dashboard-page';

// Shows customers' phones: libphonenumber's formats come before the first paint.
export default createPageParcel(DashboardPage, { before: phoneFormatReady });
