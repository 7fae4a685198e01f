import { serverTextUnless500 } from '@parley/shared';
import { t } from '../i18n';

/** As the server's limit (contract requests/notes.ts: a text message's). */
export const MAX_NOTE_TEXT_LENGTH = 4096;

export const errorText = (error: unknown) => serverTextUnless500(error, t('notes.failed'));
