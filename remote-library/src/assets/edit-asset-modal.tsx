import { useTexts, type Asset } from '@parley/shared';
import { Form, Input, Modal } from 'antd';
import { useEffect, useState } from 'react';
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

/** Edit modal with Name and Description; Save / Cancel. Stays open when saving fails. */
export function EditAssetModal({ asset, onSave, onCancel }: EditAssetModalProps) {
  const t = useTexts(texts);
  const [form] = Form.useForm<AssetChanges>();
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (asset) form.setFieldsValue({ name: asset.name, description: asset.description ?? '' });
  }, [asset, form]);

  async function save() {
    if (!asset) return;
    const values = form.getFieldsValue();
    setSaving(true);
    try {
      await onSave(asset, { name: values.name ?? '', description: values.description ?? '' });
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal
      open={asset !== null}
      title={t('assets.editTitle')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      onOk={() => void save()}
      onCancel={onCancel}
      forceRender
    >
      <Form form={form} layout="vertical">
        <Form.Item label={t('common.name')} name="name">
          <Input />
        </Form.Item>
        <Form.Item label={t('common.description')} name="description">
          <Input.TextArea rows={3} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
