import type { SandboxContext } from '../context';
import type { Business, PhoneNumber, SandboxFlow, SandboxTemplate } from '../state';
import { flowPreviewUrl } from './flow-preview';
import { requestedFields } from './paging';

export function formatDisplayNumber(digits: string): string {
  if (digits.length === 11 && digits.startsWith('1'))
    return `+1 ${digits.slice(1, 4)}-${digits.slice(4, 7)}-${digits.slice(7)}`;
  return `+${digits}`;
}

function pick(object: Record<string, unknown>, fields: string[], defaults: string[]): Record<string, unknown> {
  const names = fields.length > 0 ? fields.map((field) => field.split('.')[0].split('{')[0]) : defaults;
  const result: Record<string, unknown> = {};
  for (const name of names) if (object[name] !== undefined) result[name] = object[name];
  result.id = object.id;
  return result;
}

export function describePhone(phone: PhoneNumber, query: Record<string, string | undefined>): Record<string, unknown> {
  const full = {
    verified_name: phone.verifiedName,
    code_verification_status: 'VERIFIED',
    display_phone_number: formatDisplayNumber(phone.displayPhoneNumber),
    quality_rating: 'GREEN',
    platform_type: phone.registered ? 'CLOUD_API' : 'NOT_APPLICABLE',
    throughput: { level: 'STANDARD' },
    status: phone.registered ? 'CONNECTED' : 'PENDING',
    name_status: 'APPROVED',
    messaging_limit_tier: 'TIER_1K',
    id: phone.id,
  };
  return pick(full, requestedFields(query), [
    'verified_name',
    'code_verification_status',
    'display_phone_number',
    'quality_rating',
    'platform_type',
    'throughput',
  ]);
}

export function describeWaba(business: Business, query: Record<string, string | undefined>): Record<string, unknown> {
  const full = {
    id: business.wabaId,
    name: business.name,
    currency: 'USD',
    timezone_id: '1',
    message_template_namespace: `${business.wabaId.slice(0, 8)}_sandbox_namespace`,
    account_review_status: 'APPROVED',
    owner_business_info: { name: business.name, id: business.businessId },
  };
  return pick(full, requestedFields(query), ['id', 'name', 'currency', 'timezone_id', 'message_template_namespace']);
}

export function describeFlow(
  ctx: SandboxContext,
  flow: SandboxFlow,
  query: Record<string, string | undefined>,
): Record<string, unknown> {
  const business = ctx.state.businesses.get(flow.wabaId);
  const expires = new Date(Date.now() + 30 * 24 * 3600_000).toISOString().replace(/\.\d{3}Z$/, '+0000');
  const full: Record<string, unknown> = {
    id: flow.id,
    name: flow.name,
    status: flow.status,
    categories: flow.categories,
    validation_errors: [],
    json_version: '6.0',
    preview: { preview_url: flowPreviewUrl(ctx, flow), expires_at: expires },
    whatsapp_business_account: business
      ? {
          id: business.wabaId,
          name: business.name,
          currency: 'USD',
          timezone_id: '1',
          message_template_namespace: `${business.wabaId.slice(0, 8)}_sandbox_namespace`,
        }
      : undefined,
    application: {
      link: `https://www.facebook.com/games/?app_id=${ctx.options.appId}`,
      name: 'Parley Sandbox App',
      id: ctx.options.appId,
    },
    health_status: {
      can_send_message: flow.status === 'PUBLISHED' ? 'AVAILABLE' : 'BLOCKED',
      entities: [
        { entity_type: 'FLOW', id: flow.id, can_send_message: flow.status === 'PUBLISHED' ? 'AVAILABLE' : 'BLOCKED' },
      ],
    },
  };
  return pick(full, requestedFields(query), ['id', 'name', 'status', 'categories', 'validation_errors']);
}

export function describeTemplate(template: SandboxTemplate): Record<string, unknown> {
  return {
    name: template.name,
    parameter_format: 'POSITIONAL',
    components: template.components,
    language: template.language,
    status: template.status,
    category: template.category,
    ...(template.rejected_reason ? { rejected_reason: template.rejected_reason } : {}),
    id: template.id,
  };
}
