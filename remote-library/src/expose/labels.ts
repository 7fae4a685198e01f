import { createPageParcel } from '@parley/shared';
import { LabelsPage } from '../labels/labels-page';

export default createPageParcel(LabelsPage);
