import { serverTextUnless500 } from '@parley/shared';

/** As the server's limit (contract requests/notes.ts: a text message's). */
export const MAX_NOTE_TEXT_LENGTH = 4096;

export const NOTE_FAILED = 'The note could not be saved.';

export const errorText = (error: unknown) => serverTextUnless500(error, NOTE_FAILED);
