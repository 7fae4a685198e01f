// The modules buildApp registers, in order. Add yours here (see AppModule in src/services.ts).
import type { AppModule } from '../services';
import { accountsModule } from './accounts/routes';
import { authModule } from './auth/routes';
import { usersModule } from './users/routes';

export const appModules: AppModule[] = [authModule, usersModule, accountsModule];
