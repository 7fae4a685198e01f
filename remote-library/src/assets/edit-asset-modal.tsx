import { useTexts, type Asset } from '@parley/shared';
import { Form, Input } from 'antd';
import { EditItemModal } from '../common/edit-item-modal';
import { texts } from '../i18n';

export interface AssetChanges {
  name: string;
  description: string;
}

interface EditAssetModalProps {
  asset: Asset | null;
  onSave(asset: Asset, changes: AssetChanges): Promise<boolean>;
  onCancel(): void;
}

const valuesOf = (asset: Asset): AssetChanges => ({ name: asset.name, description: asset.description ?? '' });

function AssetFields() {
  const t = useTexts(texts);
  return (
    <>
      <Form.Item label={t('common.name')} name="name">
        <Input />
      </Form.Item>
      <Form.Item label={t('common.description')} name="description">
        <Input.TextArea rows={3} />
      </Form.Item>
    </>
  );
}

/** Edit modal with Name and Description; Save / Cancel. Stays open when saving fails. */
export function EditAssetModal({ asset, onSave, onCancel }: EditAssetModalProps) {
  const t = useTexts(texts);
  return (
    <EditItemModal
      item={asset}
      title={t('assets.editTitle')}
      formName="edit-asset"
      Fields={AssetFields}
      valuesOf={valuesOf}
      onSave={onSave}
      onCancel={onCancel}
    />
  );
}
