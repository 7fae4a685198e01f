export * from './socket';
export { onRealtimeEvent } from './events';
// Who is here (issue #21): the payloads of the `viewing`/`typing` events sent and the `viewers`/`typing` received.
export type { SocketAck, TypingEvent, TypingRequest, ViewersEvent, ViewingRequest } from '@parley/contract';
