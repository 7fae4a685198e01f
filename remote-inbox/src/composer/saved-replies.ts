import {
  $profile,
  api,
  fillPlaceholders,
  formatPhone,
  refreshProfile,
  type Contact,
  type CurrentUser,
  type SavedReply,
  type SavedReplyList,
} from '@parley/shared';
import { useCallback, useRef, useState } from 'react';

export const SAVED_REPLIES_URL = '/api/account/saved-replies';

const nonBlank = (value: string | null | undefined) => (value && value.trim() ? value.trim() : undefined);

/**
 * `{{contact.name}}`: the customer's name as the inbox shows it (name, profile name, else their phone); with none
 * of these the placeholder stays as typed, so the sender sees it and fills it in.
 */
export function placeholderValues(contact: Contact | undefined, profile: CurrentUser | null) {
  const phone = nonBlank(contact?.phone);
  return {
    'contact.name':
      nonBlank(contact?.name) ?? nonBlank(contact?.profileName) ?? (phone ? formatPhone(phone) : undefined),
    'agent.name': nonBlank(profile?.fullName),
  };
}

/** A saved reply's text with the conversation's values in its placeholders. */
export const filledText = (reply: SavedReply, contact: Contact | undefined, profile: CurrentUser | null) =>
  fillPlaceholders(reply.text, placeholderValues(contact, profile));

export interface SavedRepliesState {
  replies: SavedReply[];
  loading: boolean;
  failed: boolean;
  /** Asks the server again (each time a list opens, so an owner's change shows without a reload). */
  load(): void;
}

/** The account's saved replies, fetched when the composer opens its list or picker. */
export function useSavedReplies(): SavedRepliesState {
  const [replies, setReplies] = useState<SavedReply[]>([]);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const latest = useRef(0);
  const load = useCallback(() => {
    const request = ++latest.current;
    setLoading(true);
    // {{agent.name}} needs the signed-in user, which a session restored from storage may not have loaded yet.
    if (!$profile.get()) refreshProfile().catch(() => undefined);
    api.get<SavedReplyList>(SAVED_REPLIES_URL).then(
      ({ data }) => {
        if (request !== latest.current) return;
        setReplies(data?.list ?? []);
        setFailed(false);
        setLoading(false);
      },
      () => {
        if (request !== latest.current) return;
        setFailed(true);
        setLoading(false);
      },
    );
  }, []);
  return { replies, loading, failed, load };
}
