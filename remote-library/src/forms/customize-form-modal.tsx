import { useTexts, type FormTemplate } from '@parley/shared';
import { Form, Input } from 'antd';
import { EditItemModal } from '../common/edit-item-modal';
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

const valuesOf = (form: FormTemplate): FormTexts => ({
  header: form.header ?? '',
  body: form.body ?? '',
  footer: form.footer ?? '',
  ctaText: form.ctaText ?? '',
});

function FormTextFields() {
  const t = useTexts(texts);
  return (
    <>
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
    </>
  );
}

/** 'Customize Form': header, body, footer, Button Text; Save / Cancel. */
export function CustomizeFormModal({ form, onSave, onCancel }: CustomizeFormModalProps) {
  const t = useTexts(texts);
  return (
    <EditItemModal
      item={form}
      title={t('forms.customize')}
      formName="customize-form"
      Fields={FormTextFields}
      valuesOf={valuesOf}
      onSave={onSave}
      onCancel={onCancel}
    />
  );
}
