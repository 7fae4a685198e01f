// The shapes the API answers with (spec section 3). The server validates its own bodies with zod; API tests
// keep the two in step.

export type Role = 'owner' | 'agent';

export interface TokenPayload {
  sub: string;
  acc: string;
  role: Role;
  lastLoginDate: string;
  exp: number;
}

export interface Account {
  id: string;
  name: string;
  logo: string | null;
}

export interface CurrentUser {
  id: string;
  fullName: string;
  email: string;
  title?: string;
  role: Role;
  isOwner: boolean;
  status?: string;
  account: Account;
}

export interface Paged<T> {
  list: T[];
  lastPage: number;
}

export interface Contact {
  id: string;
  name: string | null;
  profileName: string | null;
  phone: string;
  email: string | null;
}

export type ConversationStatus = 'active' | 'closed' | 'archived';

export interface Conversation {
  id: string;
  status: ConversationStatus;
  contact: Contact;
  lastMessage: { incoming: boolean; timestamp: string } | null;
  unreadCount?: number;
  canSendFreeForm?: boolean;
  createdAt: string;
}

export type MessageDirection = 'incoming' | 'outgoing';
export type DeliveryStatus = 'pending' | 'sent' | 'delivered' | 'read' | 'failed';

export interface MessageContent {
  text?: string | null;
  link?: string | null;
  url?: string | null;
  mimeType?: string | null;
  fileName?: string | null;
  interactive?: unknown;
  [key: string]: unknown;
}

export interface Message {
  id: string;
  conversationId: string;
  type: string;
  direction: MessageDirection;
  content: MessageContent;
  replyTo: string | Message | null;
  status?: DeliveryStatus;
  error?: { code: number | string; title: string } | null;
  reactions?: { emoji: string; from: string }[];
  createdAt: string;
  updatedAt: string;
}

export interface ConversationDetail extends Conversation {
  messages: Message[];
  hasMore?: boolean;
}

export interface Asset {
  id: string;
  name: string;
  url: string;
  thumbnailUrl?: string | null;
  mimeType: string;
  description: string | null;
  deletedAt: string | null;
}

export interface FormTemplate {
  id: string;
  displayName: string;
  description: string | null;
  preview: string | null;
  header: string | null;
  body: string | null;
  footer: string | null;
  ctaText: string | null;
  isCustomizable: boolean;
  isActive: boolean;
}

export type UserStatus = 'active' | 'hold' | string;

export interface StaffUser {
  id: string;
  fullName: string;
  email: string;
  title: string;
  role: Role;
  status: UserStatus;
  online: boolean;
}

export interface Credentials {
  wabaId: string;
  phoneNumberId: string;
  token: string;
}

/** Payload of the realtime `message` event. */
export interface RealtimeMessageEvent {
  conversationId: string;
  message: Message;
  conversation?: Conversation;
}
