import { useEffect, useRef } from 'react';

export type ShortcutAction = 'next' | 'previous' | 'reply' | 'close' | 'search' | 'help';

/** The dashboard's shortcuts, in the order the `?` dialog lists them (their descriptions are texts `shortcuts.<action>`). */
export const SHORTCUTS: readonly { key: string; action: ShortcutAction }[] = [
  { key: 'j', action: 'next' },
  { key: 'k', action: 'previous' },
  { key: 'r', action: 'reply' },
  { key: 'e', action: 'close' },
  { key: '/', action: 'search' },
  { key: '?', action: 'help' },
];

const ACTION_BY_KEY = new Map(SHORTCUTS.map(({ key, action }) => [key, action]));

/** Somewhere the key is text being typed (or chosen), not a command. */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName)) return true;
  return target.isContentEditable || !!target.closest('[contenteditable]:not([contenteditable="false"])');
}

/**
 * Whether the element is no longer drawn. A closed antd dialog hides itself first and hands focus back a moment
 * later (an effect of the next render), so a key pressed in between still lands in it.
 */
function undrawn(element: Element): boolean {
  for (let node: Element | null = element; node; node = node.parentElement) {
    if (getComputedStyle(node).display === 'none') return true;
  }
  return false;
}

/**
 * The shortcut a key press asks for, or null: never while typing in a field, inside a dialog that is shown (its own
 * keys, Escape among them, are its business), or with Ctrl, Alt or Meta held (the browser's and the system's shortcuts). Shift
 * is allowed: it is how `?` is typed; `J` is not `j`.
 */
export function shortcutFor(event: KeyboardEvent): ShortcutAction | null {
  if (event.defaultPrevented || event.ctrlKey || event.altKey || event.metaKey || event.isComposing) return null;
  if (isTyping(event.target)) return null;
  const dialog = event.target instanceof Element ? event.target.closest('[role="dialog"]') : null;
  if (dialog && !undrawn(dialog)) return null;
  return ACTION_BY_KEY.get(event.key) ?? null;
}

/** Listens on the document while mounted; the handlers may change every render. */
export function useKeyboardShortcuts(handlers: Partial<Record<ShortcutAction, () => void>>): void {
  const current = useRef(handlers);
  current.current = handlers;
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const action = shortcutFor(event);
      const handler = action && current.current[action];
      if (!handler) return;
      // `/` would open the browser's quick find, and the key must not reach a field this focuses.
      event.preventDefault();
      handler();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
}
