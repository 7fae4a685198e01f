import { useStore } from '@nanostores/react';
import { useTexts, type FormTemplate } from '@parley/shared';
import { Button, Select, Typography } from 'antd';
import { texts } from '../i18n';
import { $flows, pickableForms } from './library-stores';

export interface FormFieldProps {
  formId: string | null;
  onForm: (formId: string | null) => void;
}

/** How the customer will see the form's message: header, body, footer and its button. */
function FormPreview({ form }: { form: FormTemplate }) {
  const t = useTexts(texts);
  return (
    <div className="inbox-preview inbox-form-preview" aria-label={t('composer.formPreview')}>
      {form.header && <Typography.Text strong>{form.header}</Typography.Text>}
      {form.body && <div>{form.body}</div>}
      {form.footer && <div className="inbox-muted">{form.footer}</div>}
      {form.ctaText && (
        <Button size="small" tabIndex={-1} style={{ pointerEvents: 'none' }}>
          {form.ctaText}
        </Button>
      )}
    </div>
  );
}

/** Picks one of the account's active forms (docs/product-rules.md#composer, #entities). */
export function FormField({ formId, onForm }: FormFieldProps) {
  const t = useTexts(texts);
  const { data, loading, error } = useStore($flows);
  const forms = pickableForms(data);
  const selected = forms.find((form) => form.id === formId);
  return (
    <div className="inbox-field-stack">
      <Select
        aria-label={t('composer.form')}
        placeholder={t('composer.chooseForm')}
        loading={loading}
        value={selected?.id ?? null}
        onChange={(value: string | null) => onForm(value ?? null)}
        allowClear
        options={forms.map((form) => ({ value: form.id, label: form.displayName }))}
        notFoundContent={error ? t('composer.formsFailed') : loading ? t('common.loading') : t('composer.noForms')}
        style={{ width: '100%' }}
      />
      {selected && <FormPreview form={selected} />}
    </div>
  );
}
