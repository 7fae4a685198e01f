import type { Label, PageProps } from '@parley/shared';
import { Tag, Typography, type TableColumnsType } from 'antd';
import { OwnerListPage } from '../common/owner-list-page';
import { labelBody, LabelFields, type LabelValues } from './label-fields';

export const LABELS_URL = '/api/account/labels';

const columns: TableColumnsType<Label> = [
  {
    key: 'label',
    title: 'Label',
    render: (_, label) => (
      <Tag color={label.colour} variant="filled">
        {label.name}
      </Tag>
    ),
  },
  {
    key: 'colour',
    title: 'Colour',
    render: (_, label) => <Typography.Text type="secondary">{label.colour}</Typography.Text>,
  },
];
const valuesOf = (label: Label): LabelValues => ({ name: label.name, colour: label.colour });
const deleteConfirm = (label: Label) => ({
  title: `Delete the label ${label.name}?`,
  description: 'It comes off every conversation.',
});

/**
 * Labels (issue #21): the owner's names and colours that staff put on conversations and filter the dashboard by.
 * Agents may read the list; only owners add, edit and delete (a deleted label comes off every conversation).
 */
export function LabelsPage(_props: PageProps) {
  return (
    <OwnerListPage<Label, LabelValues>
      url={LABELS_URL}
      title="Labels"
      intro="Staff put labels on conversations from the chat header, and filter the dashboard by label."
      noun={{ one: 'label', many: 'labels' }}
      formTitle="Label"
      formName="label"
      columns={columns}
      Fields={LabelFields}
      body={labelBody}
      valuesOf={valuesOf}
      deleteConfirm={deleteConfirm}
    />
  );
}
