// @parley/shared: the one surface remotes and the shell share (shared as a singleton through federation).
export * from './config';
export * from './contract';
export * from './api';
export * from './auth';
export * from './stores';
export * from './realtime';
export * from './parcel';
export * from './ui';
export * from './format';
export * from './theme';
export * from './i18n';
