export * from './toast';
export * from './password-strength';
