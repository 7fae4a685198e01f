/**
 * Approved message templates of the account's WABA, for the composer's template picker, each with the
 * parameters a send must fill (template-parameters.ts) and Meta's example values for them.
 */
import { GraphError } from '../../channel/whatsapp';
import { HttpError } from '../../http/errors';
import { graphClientFor, requireConnection, type ChannelDeps } from './connection';
import { parametersOf, type TemplateParameters } from './template-parameters';

export interface TemplateView {
  name: string;
  language: string;
  category: string;
  components: unknown[];
  parameters: TemplateParameters;
}

export async function listApprovedTemplates(deps: ChannelDeps, accountId: string): Promise<TemplateView[]> {
  const connection = await requireConnection(deps, accountId);
  try {
    const templates = await graphClientFor(deps.config, connection).listTemplates(connection.wabaId, {
      status: 'APPROVED',
      limit: 100,
    });
    return templates
      .filter((template) => template.status === 'APPROVED')
      .map((template) => ({
        name: template.name,
        language: template.language,
        category: template.category,
        components: template.components,
        parameters: parametersOf(template.components),
      }))
      .sort((a, b) => a.name.localeCompare(b.name) || a.language.localeCompare(b.language));
  } catch (error) {
    if (error instanceof GraphError) throw new HttpError(502, `WhatsApp did not give the templates: ${error.title}`);
    throw error;
  }
}
