export { verifyWebhookSignature, signWebhookBody } from './webhook-signature';
export { parseWebhookPayload, parseFlowResponse, WebhookPayloadError } from './webhook-payload';
export type {
  WebhookEvent,
  InboundMessageEvent,
  BusinessMessageEvent,
  CustomerIds,
  StatusEvent,
  ErrorEvent,
  InboundMessageType,
  MessageContent,
  InteractiveReply,
  DeliveryStatus,
  GraphErrorInfo,
} from './webhook-payload';
export { createGraphClient } from './graph-client';
export type {
  GraphClient,
  GraphClientOptions,
  SendResult,
  MediaInfo,
  ExpectedMedia,
  GraphFlow,
  GraphFlowDetail,
  GraphTemplate,
  GraphPhoneNumber,
} from './graph-client';
export { GraphError, classifyGraphAnswer } from './graph-error';
export type { GraphErrorKind } from './graph-error';
export * from './outbound-payload';
