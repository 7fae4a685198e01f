export * from './entities';
