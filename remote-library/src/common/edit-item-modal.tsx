import { useTexts } from '@parley/shared';
import { Form, Modal } from 'antd';
import { useEffect, useState, type ComponentType } from 'react';
import { texts } from '../i18n';

export interface EditItemModalProps<Item, Values> {
  /** The item being edited; null keeps the modal closed. */
  item: Item | null;
  title: string;
  /** The form's name (its fields' ids start with it). */
  formName: string;
  /** The same fields as the add form, with the same checks. */
  Fields: ComponentType;
  valuesOf(item: Item): Values;
  /** True when saved (the modal closes); false keeps it open with what was typed. */
  onSave(item: Item, values: Values): Promise<boolean>;
  onCancel(): void;
}

/** Edits one item of an owner's list with the add form's fields: Save / Cancel. */
export function EditItemModal<Item, Values>(props: EditItemModalProps<Item, Values>) {
  const { item, title, formName, Fields, valuesOf, onSave, onCancel } = props;
  const t = useTexts(texts);
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (item) {
      form.resetFields();
      form.setFieldsValue(valuesOf(item) as Parameters<typeof form.setFieldsValue>[0]);
    }
  }, [item, form, valuesOf]);

  async function save() {
    if (!item) return;
    let values: Values;
    try {
      values = await form.validateFields();
    } catch {
      return; // the fields show what is wrong
    }
    setSaving(true);
    try {
      await onSave(item, values);
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal
      open={item !== null}
      title={title}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      onOk={() => void save()}
      onCancel={onCancel}
      forceRender
    >
      <Form form={form} name={formName} layout="vertical">
        <Fields />
      </Form>
    </Modal>
  );
}
