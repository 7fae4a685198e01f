/**
 * Job kinds of the channel (see src/jobs). Payloads: `{ messageId }` for each.
 *   message.send    — sends one pending outgoing message through the Graph API (grouped per conversation, so
 *                     a conversation's messages leave in order); never sends a message twice
 *   media.download  — fetches an incoming message's file from WhatsApp into Storage, then emits `message`
 *   message.read    — marks an incoming message read on WhatsApp (read-receipts.ts)
 */
export const SEND_MESSAGE_JOB = 'message.send';
export const MEDIA_DOWNLOAD_JOB = 'media.download';
export const READ_RECEIPT_JOB = 'message.read';
