export * from './token-cookie';
export * from './session';
