import type { TemplateMessageBody, TemplateParameters } from '@parley/shared';
import { texts } from '../i18n';

/** What a template send carries in `parameters` (docs/api.md, POST /api/conversations/{id}/template). */
export type FilledParameters = NonNullable<TemplateMessageBody['parameters']>;

/** What the agent typed, by field key (`header`, `body:<name>`, `button:<index>`). */
export type TemplateValues = Record<string, string>;

/** One field of the template picker: a variable the send must fill. */
export interface TemplateParameterField {
  key: string;
  /** Names the variable as the server's 400 does in English ('Body {{2}}', 'Button “Track” URL'), in the language shown. */
  label: string;
  /** The template's own example value, as the field's placeholder. */
  example?: string;
  /** A media header takes an https link to the file. */
  link?: boolean;
}

const HTTPS_LINK = /^https:\/\/\S+$/i;
const PLACEHOLDER = /\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g;

/** A URL button's address up to its variable: what the agent's value is appended to. */
export function urlPrefix(url: string): string {
  const at = url.search(/\{\{/);
  return at === -1 ? url : url.slice(0, at);
}

/** Meta's example for a URL button is often the whole address: the placeholder shows only the part to type. */
function buttonExample(url: string, example: string | undefined): string | undefined {
  const prefix = urlPrefix(url);
  return example && prefix && example.startsWith(prefix) ? example.slice(prefix.length) || example : example;
}

/** The fields a template needs, header first, then the body's variables in order, then URL buttons. */
export function templateFields(parameters: TemplateParameters, t = texts.t): TemplateParameterField[] {
  const fields: TemplateParameterField[] = [];
  const { header } = parameters;
  const variable = (name: string) => `{{${name}}}`;
  if (header?.format === 'TEXT') {
    const label = t('composer.templateVariables.header', { variable: variable(header.name) });
    fields.push({ key: 'header', label, example: header.example });
  } else if (header) {
    const links = {
      IMAGE: t('composer.templateVariables.headerImage'),
      VIDEO: t('composer.templateVariables.headerVideo'),
      DOCUMENT: t('composer.templateVariables.headerDocument'),
    };
    fields.push({ key: 'header', label: links[header.format], example: header.example, link: true });
  }
  for (const { name, example } of parameters.body) {
    fields.push({
      key: `body:${name}`,
      label: t('composer.templateVariables.body', { variable: variable(name) }),
      example,
    });
  }
  for (const button of parameters.buttons) {
    fields.push({
      key: `button:${button.index}`,
      label: t('composer.templateVariables.buttonUrl', { text: button.text }),
      example: buttonExample(button.url, button.example),
    });
  }
  return fields;
}

/** A field is filled when it is not blank; a media header's value must be an https link. */
export function isFieldFilled(field: TemplateParameterField, values: TemplateValues): boolean {
  const value = values[field.key]?.trim() ?? '';
  return field.link ? HTTPS_LINK.test(value) : value !== '';
}

/**
 * The request's `parameters`, or `null` while a field is not filled (Send stays disabled). A template without
 * variables needs none: `undefined`.
 */
export function filledParameters(
  parameters: TemplateParameters,
  values: TemplateValues,
): FilledParameters | undefined | null {
  const fields = templateFields(parameters);
  if (fields.length === 0) return undefined;
  if (!fields.every((field) => isFieldFilled(field, values))) return null;
  const value = (key: string) => values[key].trim();
  const filled: FilledParameters = {};
  if (parameters.header) filled.header = value('header');
  if (parameters.body.length > 0) {
    filled.body = Object.fromEntries(parameters.body.map(({ name }) => [name, value(`body:${name}`)]));
  }
  if (parameters.buttons.length > 0) {
    filled.buttons = Object.fromEntries(
      parameters.buttons.map(({ index }) => [String(index), value(`button:${index}`)]),
    );
  }
  return filled;
}

/** A template text with its variables replaced by what was typed; an empty one stays `{{name}}`. */
export function fillText(text: string, values: TemplateValues, keyOf: (name: string) => string): string {
  return text.replace(PLACEHOLDER, (whole, name: string) => values[keyOf(name)]?.trim() || whole);
}
