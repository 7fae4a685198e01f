/** A throw-away PostgreSQL database on 127.0.0.1:5432 for one test server (scripts/lib/postgres-databases.cjs). */
export interface TemporaryDatabase {
  url: string;
  drop(): Promise<void>;
}

export const { createTemporaryDatabase } = require('../../../scripts/lib/postgres-databases.cjs') as {
  createTemporaryDatabase: () => Promise<TemporaryDatabase>;
};
