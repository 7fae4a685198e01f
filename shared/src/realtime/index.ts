export * from './socket';
