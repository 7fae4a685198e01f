/** The account's WhatsApp connection and a Graph client on its token, for sends, downloads and templates. */
import { ERROR_TEXTS } from '@parley/contract';
import { createGraphClient, type GraphClient } from '../../channel/whatsapp';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { HttpError } from '../../http/errors';
import { getCredentials, type StoredCredentials } from '../credentials/service';
import { channelTiming } from './timing';

export const NOT_CONNECTED_MESSAGE = ERROR_TEXTS.whatsapp_not_connected;

export interface ChannelDeps {
  db: Db;
  config: Config;
}

export function graphClientFor(config: Config, connection: Pick<StoredCredentials, 'token'>): GraphClient {
  return createGraphClient({
    baseUrl: config.whatsapp.graphApiBase,
    token: connection.token,
    timeoutMs: channelTiming.graphTimeoutMs,
  });
}

/** The usable connection, or null. */
export async function usableConnection(deps: ChannelDeps, accountId: string): Promise<StoredCredentials | null> {
  const connection = await getCredentials(deps, accountId);
  return connection && connection.status === 'connected' ? connection : null;
}

/**
 * For sends: any connection the account has, usable or disconnected (a send while Meta refuses the token is held,
 * not refused); 422 with a message the agent can act on when the account was never connected.
 */
export async function requireConnectionForSending(deps: ChannelDeps, accountId: string): Promise<StoredCredentials> {
  const connection = await getCredentials(deps, accountId);
  if (!connection) throw new HttpError(422, NOT_CONNECTED_MESSAGE);
  return connection;
}

/** For routes: the usable connection, else 422 with a message the agent can act on. */
export async function requireConnection(deps: ChannelDeps, accountId: string): Promise<StoredCredentials> {
  const connection = await usableConnection(deps, accountId);
  if (!connection) throw new HttpError(422, NOT_CONNECTED_MESSAGE);
  return connection;
}
