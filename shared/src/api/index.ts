export * from './client';
export * from './errors';
export * from './answer-cache';
