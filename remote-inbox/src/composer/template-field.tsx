import { useStore } from '@nanostores/react';
import { useTexts } from '@parley/shared';
import { Input, Select, Typography } from 'antd';
import { texts } from '../i18n';
import type { TemplateChoice } from './composer-draft';
import { $templates, type MessageTemplate } from './library-stores';
import {
  fillText,
  isFieldFilled,
  templateFields,
  urlPrefix,
  type TemplateParameterField,
  type TemplateValues,
} from './template-parameters';
import './template-field.css';

export interface TemplateFieldProps {
  template: TemplateChoice | null;
  onTemplate: (template: TemplateChoice | null) => void;
  values: TemplateValues;
  onValues: (values: TemplateValues) => void;
  /** Opens the list at once (the staff member asked to send a template). */
  autoOpen?: boolean;
}

const NO_PARAMETERS: MessageTemplate['parameters'] = { body: [], buttons: [] };
const keyOf = (template: Pick<TemplateChoice, 'name' | 'language'>) => `${template.name}|${template.language}`;

/** The template as the customer will get it, with what was typed so far in place of its variables. */
function TemplatePreview({ template, values }: { template: MessageTemplate; values: TemplateValues }) {
  const t = useTexts(texts);
  const header = template.parameters?.header;
  return (
    <div className="inbox-preview inbox-form-preview" aria-label={t('composer.templatePreview')}>
      {(template.components ?? []).map((component, index) => {
        const type = component.type.toUpperCase();
        if (type === 'HEADER' && header && header.format !== 'TEXT')
          return (
            <div key={index} className="inbox-muted">
              {`${header.format.charAt(0)}${header.format.slice(1).toLowerCase()}: ${values.header?.trim() || '…'}`}
            </div>
          );
        if (type === 'BUTTONS')
          return (
            <div key={index} className="inbox-muted">
              {(component.buttons ?? []).map((button) => button.text).join(' · ')}
            </div>
          );
        if (!component.text) return null;
        if (type === 'HEADER')
          return (
            <Typography.Text key={index} strong>
              {fillText(component.text, values, () => 'header')}
            </Typography.Text>
          );
        if (type === 'FOOTER')
          return (
            <div key={index} className="inbox-muted">
              {component.text}
            </div>
          );
        return (
          <div key={index} style={{ whiteSpace: 'pre-wrap' }}>
            {fillText(component.text, values, (name) => `body:${name}`)}
          </div>
        );
      })}
    </div>
  );
}

function ParameterInput({
  field,
  values,
  onValues,
  prefix,
}: {
  field: TemplateParameterField;
  values: TemplateValues;
  onValues: (values: TemplateValues) => void;
  prefix?: string;
}) {
  const t = useTexts(texts);
  const value = values[field.key] ?? '';
  const wrongLink = field.link && value.trim() !== '' && !isFieldFilled(field, values);
  return (
    <label className="inbox-template-parameter">
      <span className="inbox-muted">{field.label}</span>
      <Input
        size="small"
        aria-label={field.label}
        placeholder={field.example}
        prefix={prefix}
        status={wrongLink ? 'error' : undefined}
        value={value}
        onChange={(event) => onValues({ ...values, [field.key]: event.target.value })}
      />
      {wrongLink && <span className="inbox-template-parameter-error">{t('composer.httpsLink')}</span>}
    </label>
  );
}

/** Approved templates: the only thing WhatsApp lets a business send once the 24-hour window has closed. */
export function TemplateField({ template, onTemplate, values, onValues, autoOpen = false }: TemplateFieldProps) {
  const t = useTexts(texts);
  const { data, loading, error } = useStore($templates);
  const templates = data ?? [];
  const selected = template ? templates.find((candidate) => keyOf(candidate) === keyOf(template)) : undefined;
  const fields = selected ? templateFields(selected.parameters ?? NO_PARAMETERS, t) : [];
  const buttonUrls = new Map(
    (selected?.parameters?.buttons ?? []).map((button) => [`button:${button.index}`, button.url]),
  );
  return (
    <div className="inbox-field-stack">
      <Select
        aria-label={t('composer.template')}
        defaultOpen={autoOpen}
        autoFocus={autoOpen}
        placeholder={t('composer.chooseTemplate')}
        showSearch={{ optionFilterProp: 'label' }}
        loading={loading}
        value={selected ? keyOf(selected) : null}
        onChange={(value: string | null) => {
          const chosen = templates.find((candidate) => keyOf(candidate) === value);
          onTemplate(
            chosen
              ? { name: chosen.name, language: chosen.language, parameters: chosen.parameters ?? NO_PARAMETERS }
              : null,
          );
        }}
        allowClear
        options={templates.map((candidate) => ({
          value: keyOf(candidate),
          label: `${candidate.name} (${candidate.language})`,
        }))}
        notFoundContent={
          error ? t('composer.templatesFailed') : loading ? t('common.loading') : t('composer.noTemplates')
        }
        style={{ width: '100%' }}
      />
      {fields.length > 0 && (
        <div className="inbox-template-parameters" role="group" aria-label={t('composer.templateParameters')}>
          {fields.map((field) => {
            const url = buttonUrls.get(field.key);
            return (
              <ParameterInput
                key={field.key}
                field={field}
                values={values}
                onValues={onValues}
                prefix={url ? urlPrefix(url) : undefined}
              />
            );
          })}
        </div>
      )}
      {selected && <TemplatePreview template={selected} values={values} />}
    </div>
  );
}
