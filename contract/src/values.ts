/** The closed sets of values both sides name (plain constants: the rules use them without zod). */

export const ROLES = ['owner', 'agent'] as const;
export type Role = (typeof ROLES)[number];

/** The languages Parley's texts ship in (docs/decisions/0006-languages.md); a user's saved choice is one or null. */
export const LANGUAGES = ['en', 'pt-BR', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];

export const USER_STATUSES = ['active', 'hold'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

export const CONVERSATION_STATUSES = ['active', 'closed', 'archived'] as const;
export type ConversationStatus = (typeof CONVERSATION_STATUSES)[number];

export const MESSAGE_DIRECTIONS = ['incoming', 'outgoing'] as const;
export type MessageDirection = (typeof MESSAGE_DIRECTIONS)[number];

export const DELIVERY_STATUSES = ['pending', 'sent', 'delivered', 'read', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];
