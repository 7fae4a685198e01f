import { useTexts, type Message } from '@parley/shared';
import { texts } from '../i18n';
import { tickState } from './tick-state';

const COLORS = { muted: '#8c8c8c', blue: '#34b7f1', danger: '#ff4d4f' } as const;

/** ✓ sent, ✓✓ delivered, blue ✓✓ read (outgoing messages only). */
export function DeliveryTicks({ message }: { message: Message }) {
  // Repaints on a language change (the label is a text).
  useTexts(texts);
  const state = tickState(message);
  if (!state) return null;
  return (
    <span
      className="inbox-ticks"
      data-status={state.status}
      title={state.label}
      aria-label={state.label}
      style={{ color: COLORS[state.tone] }}
    >
      {state.symbol}
    </span>
  );
}
