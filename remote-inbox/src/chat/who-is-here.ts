/**
 * Who is here (issue #21, docs/api.md#socket-events): the colleagues with the open conversation open too, and who
 * of them is writing a reply. Only the open conversation is followed: the chat pane says `viewing` on mount and
 * `viewing: null` on unmount (and again after every reconnect, the server forgets a closed socket's rooms).
 */
import {
  $profile,
  emitRealtime,
  onRealtimeEvent,
  onRealtimeReconnect,
  type TypingEvent,
  type TypingRequest,
  type ViewersEvent,
  type ViewingRequest,
} from '@parley/shared';
import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { t } from '../i18n';

/** A typing indicator lapses this long after the colleague's last `typing` (they send one every 3 s at most). */
export const TYPING_SHOWN_MS = 5000;
/** The composer sends `typing` at most this often while its text keeps changing. */
export const TYPING_SEND_EVERY_MS = 3000;

export interface Colleague {
  id: string;
  fullName: string;
}

/**
 * The colleagues typing in one conversation, each dropped TYPING_SHOWN_MS after their last event, on `stopped`, or
 * when they no longer view it. Calls `onChange` with the new list after each change.
 */
export class TypingTracker {
  private readonly typists = new Map<string, { fullName: string; timer: ReturnType<typeof setTimeout> }>();

  constructor(
    private readonly onChange: (typists: Colleague[]) => void,
    private readonly shownMs = TYPING_SHOWN_MS,
  ) {}

  handle(event: Pick<TypingEvent, 'userId' | 'fullName' | 'stopped'>): void {
    const known = this.typists.get(event.userId);
    if (known) clearTimeout(known.timer);
    if (event.stopped) {
      if (known) this.remove(event.userId);
      return;
    }
    const timer = setTimeout(() => this.remove(event.userId), this.shownMs);
    this.typists.set(event.userId, { fullName: event.fullName, timer });
    if (!known || known.fullName !== event.fullName) this.changed();
  }

  /** Drops the typists who are not among `viewerIds` (they left the conversation or closed the page). */
  keepOnly(viewerIds: ReadonlySet<string>): void {
    const gone = [...this.typists.keys()].filter((id) => !viewerIds.has(id));
    for (const id of gone) clearTimeout(this.typists.get(id)?.timer);
    for (const id of gone) this.typists.delete(id);
    if (gone.length) this.changed();
  }

  list(): Colleague[] {
    return [...this.typists].map(([id, { fullName }]) => ({ id, fullName }));
  }

  dispose(): void {
    for (const { timer } of this.typists.values()) clearTimeout(timer);
    this.typists.clear();
  }

  private remove(userId: string): void {
    this.typists.delete(userId);
    this.changed();
  }

  private changed(): void {
    this.onChange(this.list());
  }
}

/**
 * Decides when the composer's text changes are worth a `typing` event: the first change and then at most one per
 * `everyMs`; emptying the box after that sends `stopped` once (a sent reply clears it too).
 */
export function typingSignal(send: (stopped: boolean) => void, everyMs = TYPING_SEND_EVERY_MS, now = Date.now) {
  let lastSent: number | undefined;
  return (text: string) => {
    if (!text.trim()) {
      if (lastSent !== undefined) send(true);
      lastSent = undefined;
      return;
    }
    const at = now();
    if (lastSent !== undefined && at - lastSent < everyMs) return;
    lastSent = at;
    send(false);
  };
}

/** "Adam Smith is typing…", "Adam Smith and Eve Ray are typing…", "3 people are typing…". */
export function typingText(typists: Colleague[]): string {
  if (!typists.length) return '';
  if (typists.length === 1) return t('chat.typingOne', { name: typists[0].fullName });
  if (typists.length === 2) return t('chat.typingTwo', { first: typists[0].fullName, second: typists[1].fullName });
  return t('chat.typingMany', { count: typists.length });
}

const sendViewing = (conversationId: string | null) =>
  emitRealtime('viewing', { conversationId } satisfies ViewingRequest);

/** The other staff members viewing the conversation and those of them typing (never the signed-in user). */
export function useWhoIsHere(conversationId: string): { viewers: Colleague[]; typists: Colleague[] } {
  const selfId = useStore($profile)?.id;
  const [viewers, setViewers] = useState<Colleague[]>([]);
  const [typists, setTypists] = useState<Colleague[]>([]);

  useEffect(() => {
    const tracker = new TypingTracker(setTypists);
    sendViewing(conversationId);
    const stops = [
      onRealtimeReconnect(() => sendViewing(conversationId)),
      onRealtimeEvent<ViewersEvent>('viewers', (event) => {
        if (event?.conversationId !== conversationId || !Array.isArray(event.users)) return;
        setViewers(event.users);
        tracker.keepOnly(new Set(event.users.map((user) => user.id)));
      }),
      onRealtimeEvent<TypingEvent>('typing', (event) => {
        if (event?.conversationId === conversationId) tracker.handle(event);
      }),
    ];
    return () => {
      stops.forEach((stop) => stop());
      tracker.dispose();
      sendViewing(null);
    };
  }, [conversationId]);

  return useMemo(
    () => ({
      viewers: viewers.filter((user) => user.id !== selfId),
      typists: typists.filter((user) => user.id !== selfId),
    }),
    [viewers, typists, selfId],
  );
}

/** The composer's part: tells the conversation's other viewers while its text changes (throttled). */
export function useTypingSignal(conversationId: string, text: string): void {
  const signal = useMemo(
    () =>
      typingSignal((stopped) =>
        emitRealtime('typing', { conversationId, ...(stopped ? { stopped } : {}) } satisfies TypingRequest),
      ),
    [conversationId],
  );
  const previous = useRef(text);
  useEffect(() => {
    // Only changes count: a draft restored when the composer mounts is not typing.
    if (previous.current === text) return;
    previous.current = text;
    signal(text);
  }, [signal, text]);
}
