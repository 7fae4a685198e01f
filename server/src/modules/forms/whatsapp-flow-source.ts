/** The account's flows through the Graph API, with the account's WhatsApp connection (WABA id and token). */
import { createGraphClient } from '../../channel/whatsapp/graph-client';
import type { AppServices } from '../../services';
import { getCredentials } from '../credentials/service';
import type { AccountFlowSource, FlowSourceFactory } from './flow-source';

export interface FlowConnection {
  wabaId: string;
  token: string;
}

export function flowSourceFromGraph(graphApiBase: string, connection: FlowConnection): AccountFlowSource {
  const graph = createGraphClient({ baseUrl: graphApiBase, token: connection.token, timeoutMs: 10_000 });
  return {
    listFlows: () => graph.listFlows(connection.wabaId),
    preview: async (metaFlowId) => {
      const { preview } = await graph.getFlow(metaFlowId, 'id,preview');
      return preview ? { url: preview.previewUrl, expiresAt: preview.expiresAt || null } : null;
    },
  };
}

/** No connection, or one Meta has revoked: nothing to sync from (the stored forms are answered). */
export function createWhatsAppFlowSource(services: Pick<AppServices, 'db' | 'config'>): FlowSourceFactory {
  return async (accountId) => {
    const connection = await getCredentials(services, accountId);
    if (!connection || connection.status !== 'connected') return null;
    return flowSourceFromGraph(services.config.whatsapp.graphApiBase, connection);
  };
}
