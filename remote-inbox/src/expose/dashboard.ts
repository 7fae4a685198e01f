import { createPageParcel } from '@parley/shared';
import { DashboardPage } from '../dashboard/dashboard-page';

export default createPageParcel(DashboardPage);
