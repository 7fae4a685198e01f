import type { Business, SandboxState } from '../state';
import { graphErrors } from './graph-error';

type Json = Record<string, unknown>;

export const sendTypes = [
  'text',
  'image',
  'video',
  'audio',
  'document',
  'sticker',
  'location',
  'contacts',
  'interactive',
  'template',
  'reaction',
] as const;
const mediaTypes = new Set(['image', 'video', 'audio', 'document', 'sticker']);

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isText = (value: unknown): value is string => typeof value === 'string' && value.trim().length > 0;

function requireObject(parent: Json, key: string, path: string): Json {
  const value = parent[key];
  if (value === undefined || value === null) throw graphErrors.missingParameter(`Parameter '${path}' is required.`);
  if (!isObject(value)) throw graphErrors.invalidValue(`Parameter '${path}' must be an object.`);
  return value;
}

function requireText(parent: Json, key: string, path: string, maxLength?: number): string {
  const value = parent[key];
  if (value === undefined || value === null || value === '')
    throw graphErrors.missingParameter(`Parameter '${path}' is required.`);
  if (typeof value !== 'string') throw graphErrors.invalidValue(`Parameter '${path}' must be a string.`);
  if (maxLength !== undefined && value.length > maxLength)
    throw graphErrors.invalidValue(`Parameter '${path}' must be at most ${maxLength} characters long.`);
  return value;
}

function optionalText(parent: Json, key: string, path: string, maxLength: number): void {
  if (parent[key] === undefined) return;
  requireText(parent, key, path, maxLength);
}

/** Throws a Meta-shaped GraphFailure when a send body is not something Meta would accept. */
export function validateSendBody(state: SandboxState, business: Business, body: Json, type: string): void {
  if (!(sendTypes as readonly string[]).includes(type)) {
    throw graphErrors.invalidParameter(`Param type must be one of {${sendTypes.join(', ')}} - got "${type}".`);
  }
  if (type !== 'contacts') requireObject(body, type, type);
  if (body.context !== undefined && (!isObject(body.context) || !isText(body.context.message_id))) {
    throw graphErrors.invalidValue("Parameter 'context.message_id' must be a message id.");
  }
  if (type === 'text') {
    requireText(body.text as Json, 'body', 'text.body', 4096);
  } else if (mediaTypes.has(type)) {
    const media = body[type] as Json;
    const hasId = media.id !== undefined;
    const hasLink = media.link !== undefined;
    if (!hasId && !hasLink) throw graphErrors.missingParameter(`Parameter '${type}.id' or '${type}.link' is required.`);
    if (hasId && hasLink) throw graphErrors.invalidValue(`Only one of '${type}.id' and '${type}.link' may be set.`);
    if (hasId) {
      const record = typeof media.id === 'string' ? state.media.get(media.id) : undefined;
      if (!record || record.deleted)
        throw graphErrors.invalidValue(`Media id '${String(media.id)}' does not exist or has been deleted.`);
    } else if (typeof media.link !== 'string' || !/^https?:\/\//.test(media.link)) {
      throw graphErrors.invalidValue(`Parameter '${type}.link' must be an http(s) URL.`);
    }
    if (type === 'audio' || type === 'sticker') {
      if (media.caption !== undefined)
        throw graphErrors.invalidParameter(`Param ${type}['caption'] is not a valid parameter for ${type}.`);
    } else optionalText(media, 'caption', `${type}.caption`, 1024);
  } else if (type === 'location') {
    const location = body.location as Json;
    for (const key of ['latitude', 'longitude'] as const) {
      if (location[key] === undefined) throw graphErrors.missingParameter(`Parameter 'location.${key}' is required.`);
      const numeric = Number(location[key]);
      const limit = key === 'latitude' ? 90 : 180;
      if (!Number.isFinite(numeric) || Math.abs(numeric) > limit)
        throw graphErrors.invalidValue(`Parameter 'location.${key}' is not a valid coordinate.`);
    }
  } else if (type === 'contacts') {
    validateContacts(body.contacts);
  } else if (type === 'reaction') {
    const reaction = body.reaction as Json;
    const messageId = requireText(reaction, 'message_id', 'reaction.message_id');
    if (typeof reaction.emoji !== 'string')
      throw graphErrors.missingParameter("Parameter 'reaction.emoji' is required.");
    if (!state.findMessage(messageId))
      throw graphErrors.invalidValue(`Message '${messageId}' to react to was not found.`);
  } else if (type === 'interactive') {
    validateInteractive(business, body.interactive as Json);
  } else if (type === 'template') {
    validateTemplate(business, body.template as Json);
  }
}

function validateContacts(value: unknown): void {
  if (!Array.isArray(value) || value.length === 0)
    throw graphErrors.missingParameter("Parameter 'contacts' is required.");
  value.forEach((contact, index) => {
    if (!isObject(contact) || !isObject(contact.name) || !isText(contact.name.formatted_name)) {
      throw graphErrors.missingParameter(`Parameter 'contacts[${index}].name.formatted_name' is required.`);
    }
  });
}

function validateInteractive(business: Business, interactive: Json): void {
  const kind = requireText(interactive, 'type', 'interactive.type');
  if (!['button', 'list', 'flow', 'cta_url', 'product', 'product_list', 'location_request_message'].includes(kind)) {
    throw graphErrors.invalidValue(`Parameter 'interactive.type' does not support '${kind}'.`);
  }
  if (interactive.header !== undefined) {
    const header = requireObject(interactive, 'header', 'interactive.header');
    if (header.type === 'text') requireText(header, 'text', 'interactive.header.text', 60);
  }
  if (interactive.footer !== undefined)
    requireText(requireObject(interactive, 'footer', 'interactive.footer'), 'text', 'interactive.footer.text', 60);
  const body = requireObject(interactive, 'body', 'interactive.body');
  requireText(body, 'text', 'interactive.body.text', 1024);
  const action = requireObject(interactive, 'action', 'interactive.action');
  if (kind === 'button') {
    const buttons = action.buttons;
    if (!Array.isArray(buttons) || buttons.length === 0)
      throw graphErrors.missingParameter("Parameter 'interactive.action.buttons' is required.");
    if (buttons.length > 3)
      throw graphErrors.invalidValue("Parameter 'interactive.action.buttons' allows at most 3 buttons.");
    buttons.forEach((button, index) => {
      const reply = isObject(button) && isObject(button.reply) ? button.reply : undefined;
      if (!reply)
        throw graphErrors.missingParameter(`Parameter 'interactive.action.buttons[${index}].reply' is required.`);
      requireText(reply, 'id', `interactive.action.buttons[${index}].reply.id`, 256);
      requireText(reply, 'title', `interactive.action.buttons[${index}].reply.title`, 20);
    });
  } else if (kind === 'list') {
    requireText(action, 'button', 'interactive.action.button', 20);
    if (!Array.isArray(action.sections) || action.sections.length === 0)
      throw graphErrors.missingParameter("Parameter 'interactive.action.sections' is required.");
    for (const section of action.sections) {
      if (!isObject(section) || !Array.isArray(section.rows) || section.rows.length === 0) {
        throw graphErrors.missingParameter("Parameter 'interactive.action.sections[].rows' is required.");
      }
      for (const row of section.rows) {
        if (!isObject(row)) throw graphErrors.invalidValue('Each list row must be an object.');
        requireText(row, 'id', 'interactive.action.sections[].rows[].id', 200);
        requireText(row, 'title', 'interactive.action.sections[].rows[].title', 24);
      }
    }
  } else if (kind === 'flow') {
    validateFlowAction(business, action);
  }
}

function validateFlowAction(business: Business, action: Json): void {
  if (action.name !== 'flow') throw graphErrors.invalidValue("Parameter 'interactive.action.name' must be 'flow'.");
  const parameters = requireObject(action, 'parameters', 'interactive.action.parameters');
  const version = requireText(parameters, 'flow_message_version', 'interactive.action.parameters.flow_message_version');
  if (version !== '3') throw graphErrors.invalidValue("Parameter 'flow_message_version' must be '3'.");
  if (parameters.flow_id !== undefined && parameters.flow_name !== undefined)
    throw graphErrors.invalidValue('Only one of flow_id and flow_name may be set.');
  if (parameters.flow_id === undefined && parameters.flow_name === undefined)
    throw graphErrors.missingParameter("Parameter 'flow_id' is required.");
  const flow = business.flows.find(
    (candidate) => candidate.id === parameters.flow_id || candidate.name === parameters.flow_name,
  );
  if (!flow)
    throw graphErrors.invalidValue(
      `Flow '${String(parameters.flow_id ?? parameters.flow_name)}' does not exist for this WhatsApp Business Account.`,
    );
  const cta = requireText(parameters, 'flow_cta', 'interactive.action.parameters.flow_cta', 30);
  if (/\p{Extended_Pictographic}/u.test(cta))
    throw graphErrors.invalidValue("Parameter 'flow_cta' must not contain emoji.");
  const mode = parameters.mode ?? 'published';
  if (mode !== 'published' && mode !== 'draft')
    throw graphErrors.invalidValue("Parameter 'mode' must be 'published' or 'draft'.");
  if (mode === 'published' && flow.status !== 'PUBLISHED')
    throw graphErrors.invalidValue(
      `Flow '${flow.id}' is ${flow.status}; only published flows can be sent in published mode.`,
    );
  const flowAction = parameters.flow_action ?? 'navigate';
  if (flowAction === 'navigate' && parameters.flow_action_payload !== undefined) {
    const payload = requireObject(parameters, 'flow_action_payload', 'flow_action_payload');
    requireText(payload, 'screen', 'flow_action_payload.screen');
  }
}

function validateTemplate(business: Business, template: Json): void {
  const name = requireText(template, 'name', 'template.name', 512);
  const language = requireObject(template, 'language', 'template.language');
  const code = requireText(language, 'code', 'template.language.code');
  const found = business.templates.find(
    (candidate) => candidate.name === name && candidate.language === code && candidate.status === 'APPROVED',
  );
  if (!found) throw graphErrors.templateMissing(name, code);
  const components = Array.isArray(template.components) ? (template.components as Json[]) : [];
  for (const part of ['HEADER', 'BODY'] as const) {
    const definition = found.components.find((component) => component.type === part);
    const given = components.find((component) => isObject(component) && String(component.type).toUpperCase() === part);
    const parameters = Array.isArray(given?.parameters) ? (given.parameters as unknown[]) : [];
    const mediaFormat = part === 'HEADER' ? headerMediaFormat(definition?.format) : undefined;
    if (mediaFormat) {
      // A media header is a parameter of its own kind ("Template messages" in Meta's Messages API reference).
      const media = parameters.find((parameter) => isObject(parameter) && parameter.type === mediaFormat);
      const source = isObject(media) ? media[mediaFormat] : undefined;
      if (parameters.length !== 1 || !isObject(source) || (source.id === undefined && source.link === undefined)) {
        throw graphErrors.templateParams(
          `header: Format mismatch, expected ${mediaFormat.toUpperCase()}, received ${parameters.length === 0 ? 'UNKNOWN' : 'an invalid parameter'}`,
        );
      }
      continue;
    }
    const expected = definition?.text ? new Set(definition.text.match(/\{\{\s*\w+\s*\}\}/g) ?? []).size : 0;
    if (parameters.length !== expected) {
      throw graphErrors.templateParams(
        `${part.toLowerCase()}: number of localizable_params (${parameters.length}) does not match the expected number of params (${expected})`,
      );
    }
  }
}

function headerMediaFormat(format: string | undefined): 'image' | 'video' | 'document' | 'location' | undefined {
  const kind = format?.toLowerCase();
  return kind === 'image' || kind === 'video' || kind === 'document' || kind === 'location' ? kind : undefined;
}
