import { useStore } from '@nanostores/react';
import { Select, Typography } from 'antd';
import type { TemplateChoice } from './composer-draft';
import { $templates, type MessageTemplate } from './library-stores';

export interface TemplateFieldProps {
  template: TemplateChoice | null;
  onTemplate: (template: TemplateChoice | null) => void;
}

const keyOf = (template: TemplateChoice) => `${template.name}|${template.language}`;

function TemplatePreview({ template }: { template: MessageTemplate }) {
  return (
    <div className="inbox-preview inbox-form-preview" aria-label="Template preview">
      {(template.components ?? []).map((component, index) => {
        const type = component.type.toUpperCase();
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
              {component.text}
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
            {component.text}
          </div>
        );
      })}
    </div>
  );
}

/** Approved templates: the only thing WhatsApp lets a business send once the 24-hour window has closed. */
export function TemplateField({ template, onTemplate }: TemplateFieldProps) {
  const { data, loading, error } = useStore($templates);
  const templates = data ?? [];
  const selected = template ? templates.find((candidate) => keyOf(candidate) === keyOf(template)) : undefined;
  return (
    <div className="inbox-field-stack">
      <Select
        aria-label="Template"
        placeholder="Choose a template"
        showSearch={{ optionFilterProp: 'label' }}
        loading={loading}
        value={selected ? keyOf(selected) : null}
        onChange={(value: string | null) => {
          const chosen = templates.find((candidate) => keyOf(candidate) === value);
          onTemplate(chosen ? { name: chosen.name, language: chosen.language } : null);
        }}
        allowClear
        options={templates.map((candidate) => ({
          value: keyOf(candidate),
          label: `${candidate.name} (${candidate.language})`,
        }))}
        notFoundContent={error ? 'Error loading templates' : loading ? 'Loading…' : 'No approved templates.'}
        style={{ width: '100%' }}
      />
      {selected && <TemplatePreview template={selected} />}
    </div>
  );
}
