/**
 * Connecting an account to WhatsApp, two ways (docs/product-rules.md#onboarding;
 * whatsapp-cloud-api.md §5):
 * - typed credentials: the token must see the WABA and the phone number must be one of the WABA's; then the
 *   app is subscribed to the WABA's webhooks and the connection stored;
 * - embedded sign-up: the 30-second code is exchanged for a business token, the app subscribed, the number
 *   registered with a fresh 6-digit PIN (not for coexistence numbers, which stay on the Business app: for them the
 *   app's webhook fields gain smb_message_echoes and history instead), stored.
 * Every check with side effects on Meta comes after the checks that cost nothing.
 */
import { ERROR_TEXTS } from '@parley/contract';
import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { createGraphClient, type GraphClient, type GraphPhoneNumber } from '../../channel/whatsapp/graph-client';
import type { Config } from '../../config';
import { conflict, HttpError } from '../../http/errors';
import { codeRefusal, graphRefusal } from './graph-refusals';
import { isPhoneNumberTaken, PHONE_TAKEN, saveCredentials, type CredentialsDeps } from './service';

export interface OnboardingDeps extends CredentialsDeps {
  config: Pick<Config, 'encryptionKey' | 'whatsapp' | 'publicUrl'>;
  log: FastifyBaseLogger;
}

export interface CredentialsInput {
  wabaId: string;
  phoneNumberId: string;
  token: string;
}

export interface SignupInput {
  wabaId: string;
  phoneNumberId?: string;
  code: string;
  coexistence?: boolean;
}

const graphFor = (deps: OnboardingDeps, token: string): GraphClient =>
  createGraphClient({ baseUrl: deps.config.whatsapp.graphApiBase, token });

async function call<T>(work: Promise<T>, refusal: (error: unknown) => HttpError): Promise<T> {
  try {
    return await work;
  } catch (error) {
    throw refusal(error);
  }
}

async function phonesOf(graph: GraphClient, wabaId: string): Promise<GraphPhoneNumber[]> {
  return call(graph.listPhoneNumbers(wabaId), (error) =>
    graphRefusal(error, { object: `WhatsApp Business Account ${wabaId}` }),
  );
}

async function refuseTakenNumber(deps: OnboardingDeps, phoneNumberId: string, accountId: string): Promise<void> {
  if (await isPhoneNumberTaken(deps, phoneNumberId, accountId)) throw conflict(PHONE_TAKEN);
}

export async function connectWithCredentials(
  deps: OnboardingDeps,
  accountId: string,
  input: CredentialsInput,
): Promise<void> {
  const graph = graphFor(deps, input.token);
  const phone = (await phonesOf(graph, input.wabaId)).find((candidate) => candidate.id === input.phoneNumberId);
  if (!phone) {
    throw new HttpError(
      422,
      `Phone number ${input.phoneNumberId} does not belong to WhatsApp Business Account ${input.wabaId}.`,
    );
  }
  await refuseTakenNumber(deps, phone.id, accountId);
  await call(graph.subscribeApp(input.wabaId), (error) =>
    graphRefusal(error, { object: `WhatsApp Business Account ${input.wabaId}` }),
  );
  await saveCredentials(deps, {
    accountId,
    wabaId: input.wabaId,
    phoneNumberId: phone.id,
    displayPhoneNumber: phone.displayPhoneNumber || null,
    token: input.token,
  });
  deps.log.info({ accountId, wabaId: input.wabaId, phoneNumberId: phone.id }, 'whatsapp connected with credentials');
}

/** The app's webhook fields a coexistence number needs: its messages, the Business app's echoes, history sync. */
export const COEXISTENCE_FIELDS = ['messages', 'smb_message_echoes', 'history', 'smb_app_state_sync'];

/** Six random digits: the number's two-step verification PIN, kept (encrypted) for later re-registration. */
export const newRegistrationPin = () => crypto.randomInt(0, 1_000_000).toString().padStart(6, '0');

export async function connectWithSignup(deps: OnboardingDeps, accountId: string, input: SignupInput): Promise<void> {
  const { fbAppId, appSecret } = deps.config.whatsapp;
  if (!fbAppId || !appSecret) {
    deps.log.error('embedded sign-up needs FB_APP_ID and WHATSAPP_APP_SECRET');
    throw new HttpError(503, ERROR_TEXTS.signup_not_configured);
  }
  // The code lives 30 s: exchange it first.
  const { accessToken } = await call(graphFor(deps, '').exchangeCode(fbAppId, appSecret, input.code), codeRefusal);
  const graph = graphFor(deps, accessToken);

  const phones = await phonesOf(graph, input.wabaId);
  const phone = input.phoneNumberId ? phones.find((candidate) => candidate.id === input.phoneNumberId) : phones[0];
  if (!phone) {
    throw new HttpError(
      422,
      input.phoneNumberId
        ? `Phone number ${input.phoneNumberId} does not belong to WhatsApp Business Account ${input.wabaId}.`
        : `WhatsApp Business Account ${input.wabaId} has no phone number yet.`,
    );
  }
  await refuseTakenNumber(deps, phone.id, accountId);
  const object = { object: `WhatsApp Business Account ${input.wabaId}` };
  await call(graph.subscribeApp(input.wabaId), (error) => graphRefusal(error, object));

  if (input.coexistence) {
    // Coexistence: what the business does in the WhatsApp Business app arrives only on these fields.
    const appGraph = graphFor(deps, `${fbAppId}|${appSecret}`);
    await call(
      appGraph.subscribeAppFields(fbAppId, {
        callbackUrl: `${deps.config.publicUrl}/webhooks/whatsapp`,
        verifyToken: deps.config.whatsapp.verifyToken,
        fields: COEXISTENCE_FIELDS,
      }),
      (error) => graphRefusal(error),
    );
  }
  let registrationPin: string | null = null;
  if (!input.coexistence) {
    registrationPin = newRegistrationPin();
    await call(graph.registerPhone(phone.id, registrationPin), (error) =>
      graphRefusal(error, { object: `phone number ${phone.id}` }),
    );
  }
  await saveCredentials(deps, {
    accountId,
    wabaId: input.wabaId,
    phoneNumberId: phone.id,
    displayPhoneNumber: phone.displayPhoneNumber || null,
    token: accessToken,
    registrationPin,
  });
  deps.log.info(
    { accountId, wabaId: input.wabaId, phoneNumberId: phone.id, coexistence: Boolean(input.coexistence) },
    'whatsapp connected by embedded sign-up',
  );
}
