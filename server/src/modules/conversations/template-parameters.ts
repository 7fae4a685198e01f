/**
 * Template variables (Meta's "Send message templates" page: components[].parameters). A template's HEADER (text
 * with a variable, or an IMAGE/VIDEO/DOCUMENT), BODY ({{1}}… or named {{first_name}}) and URL buttons with a
 * variable need one parameter each; Meta refuses a send without them (132000). Here the picker learns what a
 * template needs (`parametersOf`, with Meta's example values) and a send's `components` are built from what the
 * client filled in (`buildTemplateComponents`), refusing a send with a missing one before it reaches Meta.
 */
import { badRequest } from '../../http/errors';

export type HeaderMediaFormat = 'IMAGE' | 'VIDEO' | 'DOCUMENT';

export interface TemplateParameters {
  /** TEXT: the header's one variable (`name`); media: a link to the file (https). */
  header?: { format: 'TEXT'; name: string; example?: string } | { format: HeaderMediaFormat; example?: string };
  body: Array<{ name: string; example?: string }>;
  /** URL buttons whose address ends in a variable: the client gives that end. */
  buttons: Array<{ index: number; text: string; url: string; example?: string }>;
}

/** What the client sends: header text or media link, body values by placeholder name ("1", "first_name"), URL
 * button values by the button's index. */
export interface FilledParameters {
  header?: string;
  body?: Record<string, string>;
  buttons?: Record<string, string>;
}

interface MetaComponent {
  type?: string;
  format?: string;
  text?: string;
  buttons?: Array<{ type?: string; text?: string; url?: string; example?: unknown }>;
  example?: {
    header_text?: string[];
    header_text_named_params?: Array<{ param_name: string; example: string }>;
    header_handle?: string[];
    body_text?: string[][];
    body_text_named_params?: Array<{ param_name: string; example: string }>;
  };
}

const PLACEHOLDER = /\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g;
const MEDIA_FORMATS: readonly string[] = ['IMAGE', 'VIDEO', 'DOCUMENT'];

/** The distinct placeholders of a text, in order of first appearance. */
export function placeholdersOf(text: string | undefined): string[] {
  return [...new Set(Array.from(text?.matchAll(PLACEHOLDER) ?? [], (match) => match[1]))];
}

const isPositional = (name: string) => /^\d+$/.test(name);

/** The example of placeholder `name` (the i-th of its component), positional or named. */
function exampleOf(
  name: string,
  index: number,
  positional: string[] | undefined,
  named: Array<{ param_name: string; example: string }> | undefined,
): string | undefined {
  return isPositional(name) ? positional?.[index] : named?.find((param) => param.param_name === name)?.example;
}

export function parametersOf(components: unknown[]): TemplateParameters {
  const parameters: TemplateParameters = { body: [], buttons: [] };
  for (const component of components as MetaComponent[]) {
    const type = component.type?.toUpperCase();
    if (type === 'HEADER') {
      const format = component.format?.toUpperCase() ?? 'TEXT';
      if (MEDIA_FORMATS.includes(format)) {
        const example = component.example?.header_handle?.[0];
        parameters.header = { format: format as HeaderMediaFormat, ...(example ? { example } : {}) };
      } else if (format === 'TEXT') {
        const [name] = placeholdersOf(component.text);
        const example =
          name && exampleOf(name, 0, component.example?.header_text, component.example?.header_text_named_params);
        if (name) parameters.header = { format: 'TEXT', name, ...(example ? { example } : {}) };
      }
    } else if (type === 'BODY') {
      parameters.body = placeholdersOf(component.text).map((name, index) => {
        const example = exampleOf(
          name,
          index,
          component.example?.body_text?.[0],
          component.example?.body_text_named_params,
        );
        return { name, ...(example ? { example } : {}) };
      });
    } else if (type === 'BUTTONS') {
      (component.buttons ?? []).forEach((button, index) => {
        if (button.type?.toUpperCase() !== 'URL' || placeholdersOf(button.url).length === 0) return;
        const example = Array.isArray(button.example) ? String(button.example[0]) : undefined;
        parameters.buttons.push({
          index,
          text: button.text ?? '',
          url: button.url ?? '',
          ...(example ? { example } : {}),
        });
      });
    }
  }
  return parameters;
}

const filled = (value: string | undefined): value is string => typeof value === 'string' && value.trim() !== '';

/**
 * Meta's `components` for a send, or a 400 naming every missing parameter. Named placeholders carry their
 * `parameter_name`; a media header takes a link.
 */
export function buildTemplateComponents(needed: TemplateParameters, given: FilledParameters = {}): unknown[] {
  const missing: string[] = [];
  const components: unknown[] = [];
  const { header } = needed;
  if (header) {
    const value = given.header?.trim();
    if (!filled(value)) {
      missing.push(header.format === 'TEXT' ? `header {{${header.name}}}` : `header ${header.format.toLowerCase()}`);
    } else if (header.format === 'TEXT') {
      components.push({ type: 'header', parameters: [textParameter(header.name, value)] });
    } else {
      if (!/^https:\/\/\S+$/i.test(value)) {
        throw badRequest(`Template header ${header.format.toLowerCase()} must be an https link`);
      }
      const kind = header.format.toLowerCase();
      components.push({ type: 'header', parameters: [{ type: kind, [kind]: { link: value } }] });
    }
  }
  if (needed.body.length > 0) {
    const values = needed.body.map(({ name }) => given.body?.[name]?.trim());
    needed.body.forEach(({ name }, index) => !filled(values[index]) && missing.push(`body {{${name}}}`));
    components.push({
      type: 'body',
      parameters: needed.body.map(({ name }, index) => textParameter(name, values[index] ?? '')),
    });
  }
  for (const button of needed.buttons) {
    const value = given.buttons?.[String(button.index)]?.trim();
    if (!filled(value)) missing.push(`button “${button.text}” URL`);
    else {
      components.push({
        type: 'button',
        sub_type: 'url',
        index: String(button.index),
        parameters: [{ type: 'text', text: value }],
      });
    }
  }
  if (missing.length > 0) throw badRequest(`Template parameters missing: ${missing.join(', ')}`);
  return components;
}

function textParameter(name: string, text: string) {
  return isPositional(name) ? { type: 'text', text } : { type: 'text', parameter_name: name, text };
}

/** The body's text with its placeholders filled in (what staff see of a sent template). */
export function filledBodyText(components: unknown[], given: FilledParameters = {}): string | undefined {
  const body = (components as MetaComponent[]).find((component) => component.type?.toUpperCase() === 'BODY');
  return body?.text?.replace(PLACEHOLDER, (whole, name: string) => given.body?.[name]?.trim() || whole);
}
