// The modules buildApp registers, in order. Add yours here (see AppModule in src/services.ts).
import type { AppModule } from '../services';
import { accountsModule } from './accounts/routes';
import { authModule } from './auth/routes';
import { profileModule } from './profile/routes';
import { assetsModule } from './assets/routes';
import { contactsModule } from './contacts/routes';
import { formsModule } from './forms/routes';
import { usersModule } from './users/routes';
import { credentialsModule } from './credentials/routes';
import { conversationsModule } from './conversations/routes';
import { whatsappWebhookModule } from './conversations/webhook-module';
import { reportsModule } from './reports/routes';
import { savedRepliesModule } from './saved-replies/routes';
import { labelsModule } from './labels/routes';
import { notesModule } from './notes/routes';
import { assignmentModule } from './assignment/routes';
import { conversationPresenceModule } from '../realtime/conversation-presence';

export const appModules: AppModule[] = [
  authModule,
  profileModule,
  accountsModule,
  contactsModule,
  assetsModule,
  formsModule,
  usersModule,
  credentialsModule,
  conversationsModule,
  whatsappWebhookModule,
  reportsModule,
  savedRepliesModule,
  labelsModule,
  notesModule,
  assignmentModule,
  conversationPresenceModule,
];
