// Every module's tables, re-exported: the one schema Drizzle, migrations and the typed `Db` are built from.
// Add a line here when a module gets a schema.ts.
export * from '../modules/accounts/schema';
export * from '../modules/users/schema';
export * from '../modules/auth/schema';
export * from '../modules/contacts/schema';
export * from '../modules/assets/schema';
export * from '../modules/forms/schema';
export * from '../modules/credentials/schema';
export * from '../modules/conversations/schema';
export * from '../modules/saved-replies/schema';
export * from '../modules/labels/schema';
export * from '../modules/notes/schema';
export * from '../jobs/schema';
export * from '../modules/reports/schema';
