// The modules buildApp registers, in order. Add yours here (see AppModule in src/services.ts).
import type { AppModule } from '../services';
import { accountsModule } from './accounts/routes';
import { authModule } from './auth/routes';
import { usersModule } from './users/routes';
import { assetsModule } from './assets/routes';
import { contactsModule } from './contacts/routes';
import { flowsModule } from './flows/routes';
import { staffModule } from './staff/routes';
import { whatsappConnectionModule } from './whatsapp-connection/routes';
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
  usersModule,
  accountsModule,
  contactsModule,
  assetsModule,
  flowsModule,
  staffModule,
  whatsappConnectionModule,
  conversationsModule,
  whatsappWebhookModule,
  reportsModule,
  savedRepliesModule,
  labelsModule,
  notesModule,
  assignmentModule,
  conversationPresenceModule,
];
