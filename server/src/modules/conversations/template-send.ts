/** What a template send stores: Meta's components built from the filled-in variables, and the filled body text. */
import type { ChannelDeps } from './connection';
import type { StoredContent } from './schema';
import { buildTemplateComponents, filledBodyText, type FilledParameters } from './template-parameters';
import { listApprovedTemplates, type TemplateView } from './templates';

export async function templateToSend(
  deps: ChannelDeps,
  accountId: string,
  body: { name: string; language: string; parameters?: FilledParameters },
): Promise<StoredContent> {
  const { name, language, parameters } = body;
  let definition: TemplateView | undefined;
  try {
    const approved = await listApprovedTemplates(deps, accountId);
    definition = approved.find((template) => template.name === name && template.language === language);
  } catch (error) {
    // Without the definition the variables cannot be placed; a plain send can still go (or wait for a reconnect).
    if (parameters) throw error;
  }
  // A template Meta does not list as approved goes as asked: Meta judges it (132001 shows on the message).
  if (!definition) return { template: { name, language } };
  const components = buildTemplateComponents(definition.parameters, parameters);
  const text = filledBodyText(definition.components, parameters);
  return {
    template: { name, language, ...(components.length > 0 ? { components } : {}) },
    ...(text ? { text } : {}),
  };
}
