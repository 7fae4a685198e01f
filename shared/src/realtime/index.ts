export * from './socket';
export { onRealtimeEvent } from './events';
export { followLive, type FollowLiveOptions, type LiveSources } from './follow-live';
// Who is here (issue #21): the payloads of the `viewing`/`typing` events sent and the `viewers`/`typing` received.
export type { SocketAck, TypingEvent, TypingRequest, ViewersEvent, ViewingRequest } from '@parley/contract';
