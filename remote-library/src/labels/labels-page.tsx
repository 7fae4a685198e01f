import { useTexts, type Label, type PageProps } from '@parley/shared';
import { Tag, Typography, type TableColumnsType } from 'antd';
import { OwnerListPage } from '../common/owner-list-page';
import { texts } from '../i18n';
import { labelBody, LabelFields, type LabelValues } from './label-fields';

export const LABELS_URL = '/api/account/labels';

const valuesOf = (label: Label): LabelValues => ({ name: label.name, colour: label.colour });

/**
 * Labels (issue #21): the owner's names and colours that staff put on conversations and filter the dashboard by.
 * Agents may read the list; only owners add, edit and delete (a deleted label comes off every conversation).
 */
export function LabelsPage(_props: PageProps) {
  const t = useTexts(texts);
  const columns: TableColumnsType<Label> = [
    {
      key: 'label',
      title: t('labels.label'),
      render: (_, label) => (
        <Tag color={label.colour} variant="filled">
          {label.name}
        </Tag>
      ),
    },
    {
      key: 'colour',
      title: t('labels.colour'),
      render: (_, label) => <Typography.Text type="secondary">{label.colour}</Typography.Text>,
    },
  ];
  const deleteConfirm = (label: Label) => ({
    title: t('labels.deleteTitle', { name: label.name }),
    description: t('labels.deleteDescription'),
  });
  return (
    <OwnerListPage<Label, LabelValues>
      url={LABELS_URL}
      intro={t('labels.intro')}
      texts={{
        title: t('labels.title'),
        loading: t('labels.loading'),
        loadFailed: t('labels.loadFailed'),
        empty: t('labels.empty'),
        added: t('labels.added'),
        updated: t('labels.updated'),
        deleted: t('labels.deleted'),
        addFailed: t('labels.addFailed'),
        updateFailed: t('labels.updateFailed'),
        deleteFailed: t('labels.deleteFailed'),
        addTitle: t('labels.addTitle'),
        editTitle: t('labels.editTitle'),
      }}
      formName="label"
      columns={columns}
      Fields={LabelFields}
      body={labelBody}
      valuesOf={valuesOf}
      deleteConfirm={deleteConfirm}
    />
  );
}
