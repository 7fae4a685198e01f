// The rules both sides apply, without zod: the browser bundles only these (@parley/contract/rules).
export * from '../values';
export * from './list-order';
export * from './delivery-status';
export * from './reactivation';
export * from './service-window';
export * from './message-preview';
export * from './saved-replies';
export * from './labels';
export * from './response-time-buckets';
export * from './language';
export * from './socket-batches';
