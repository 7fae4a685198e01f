import type { SandboxContext } from '../context';
import { digitsOnly, newNumericId, newToken } from '../ids';
import { addBusiness } from '../seed';
import type { OAuthCode } from '../state';
import { GraphFailure } from './graph-error';

/**
 * What the fake SDK's "Finish" does: creates a new business (WABA + unregistered phone number whose WABA has not
 * subscribed the app yet) and mints a single-use code valid `codeTtlMs` (30 s like Meta's).
 */
export function startSignup(
  ctx: SandboxContext,
  settings: { codeTtlMs?: number; businessName?: string } = {},
): OAuthCode & { displayPhoneNumber: string } {
  const wabaId = newNumericId();
  const phoneNumberId = newNumericId();
  const businessId = newNumericId();
  const displayPhoneNumber = `1555${digitsOnly(newNumericId()).slice(0, 7)}`;
  addBusiness(
    ctx.state,
    { wabaId, businessId, phoneNumberId, displayPhoneNumber },
    { name: settings.businessName || `Sandbox Business ${wabaId.slice(-4)}`, registered: false, subscribedAppIds: [] },
  );
  const code: OAuthCode = {
    code: `AQ${newToken('')}`,
    wabaId,
    phoneNumberId,
    businessId,
    expiresAt: Date.now() + (settings.codeTtlMs ?? ctx.options.codeTtlMs),
    used: false,
  };
  ctx.state.oauthCodes.set(code.code, code);
  return { ...code, displayPhoneNumber };
}

/** `GET /oauth/access_token?client_id&client_secret&code` → `{ access_token, token_type }`. */
export function exchangeCode(ctx: SandboxContext, query: Record<string, string | undefined>): unknown {
  if (!query.client_id) throw new GraphFailure(400, 101, 'Missing client_id parameter.');
  if (query.client_id !== ctx.options.appId)
    throw new GraphFailure(400, 101, 'Error validating application. Invalid application ID.');
  if (!query.client_secret) throw new GraphFailure(400, 1, 'Missing client_secret parameter.');
  if (query.client_secret !== ctx.options.appSecret) throw new GraphFailure(400, 1, 'Error validating client secret.');
  if (!query.code) throw new GraphFailure(400, 1, 'Missing authorization code');
  const record = ctx.state.oauthCodes.get(query.code);
  if (!record)
    throw new GraphFailure(400, 100, 'Invalid verification code format.', undefined, { error_subcode: 36008 });
  if (record.used)
    throw new GraphFailure(400, 100, 'This authorization code has been used.', undefined, { error_subcode: 36009 });
  if (record.expiresAt < Date.now())
    throw new GraphFailure(400, 100, 'This authorization code has expired.', undefined, { error_subcode: 36007 });
  record.used = true;
  const token = newToken('EAAG');
  ctx.state.tokens.set(token, {
    token,
    wabaIds: new Set([record.wabaId]),
    label: `business token for ${record.wabaId}`,
  });
  return { access_token: token, token_type: 'bearer' };
}
