import { useTexts, type FormTemplate } from '@parley/shared';
import { Form, Input, Modal } from 'antd';
import { useEffect, useState } from 'react';
import { texts } from '../i18n';

export interface FormTexts {
  header: string;
  body: string;
  footer: string;
  ctaText: string;
}

interface CustomizeFormModalProps {
  form: FormTemplate | null;
  onSave(form: FormTemplate, texts: FormTexts): Promise<boolean>;
  onCancel(): void;
}

/** WhatsApp's limits, as input lengths; the server checks them too (and refuses emoji in the button). */
const LIMITS = { header: 60, body: 1024, footer: 60, ctaText: 30 };

/** 'Customize Form': header, body, footer, Button Text; Save / Cancel. */
export function CustomizeFormModal({ form, onSave, onCancel }: CustomizeFormModalProps) {
  const t = useTexts(texts);
  const [fields] = Form.useForm<FormTexts>();
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (form) {
      fields.setFieldsValue({
        header: form.header ?? '',
        body: form.body ?? '',
        footer: form.footer ?? '',
        ctaText: form.ctaText ?? '',
      });
    }
  }, [form, fields]);

  async function save() {
    if (!form) return;
    const values = fields.getFieldsValue();
    setSaving(true);
    try {
      await onSave(form, {
        header: values.header ?? '',
        body: values.body ?? '',
        footer: values.footer ?? '',
        ctaText: values.ctaText ?? '',
      });
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal
      open={form !== null}
      title={t('forms.customize')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      onOk={() => void save()}
      onCancel={onCancel}
      forceRender
    >
      <Form form={fields} layout="vertical">
        <Form.Item label={t('forms.header')} name="header">
          <Input maxLength={LIMITS.header} showCount />
        </Form.Item>
        <Form.Item label={t('forms.body')} name="body">
          <Input.TextArea rows={4} maxLength={LIMITS.body} showCount />
        </Form.Item>
        <Form.Item label={t('forms.footer')} name="footer">
          <Input maxLength={LIMITS.footer} showCount />
        </Form.Item>
        <Form.Item label={t('forms.buttonText')} name="ctaText">
          <Input maxLength={LIMITS.ctaText} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
