export * from './phone';
export * from './picker-day';
