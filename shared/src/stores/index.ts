export * from './persisted';
export * from './session';
export * from './online';
export * from './profile';
export * from './assets';
