export * from './theme-mode';
export * from './parley-theme';
export * from './document-theme';
