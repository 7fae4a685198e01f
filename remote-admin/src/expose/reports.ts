import { createPageParcel } from '@parley/shared';
import { ReportsPage } from '../reports/reports-page';

export default createPageParcel(ReportsPage);
