// @parley/contract: what crosses the wire between the server and the browser (docs/decisions/0005-contract-package.md).
export * from './values';
export * from './fields';
export * from './paging';
export * from './phone';
export * from './flow-limits';
export * from './answers';
export * from './requests';
export * from './events';
export * from './who-is-here';
export * from './rules';
export * from './routes';
export * from './reports';
export * from './notes';
export * from './error-codes';
