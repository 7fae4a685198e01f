import { fireEvent, render, renderHook } from '@testing-library/react';
import { useKeyboardShortcuts, type ShortcutAction } from './use-keyboard-shortcuts';

function listen() {
  const calls: ShortcutAction[] = [];
  const handler = (action: ShortcutAction) => () => calls.push(action);
  const hook = renderHook(() =>
    useKeyboardShortcuts({
      next: handler('next'),
      previous: handler('previous'),
      reply: handler('reply'),
      close: handler('close'),
      search: handler('search'),
      help: handler('help'),
    }),
  );
  return { calls, unmount: hook.unmount };
}

describe('useKeyboardShortcuts', () => {
  it('maps j, k, r, e, / and ? to their actions', () => {
    const { calls } = listen();
    for (const key of ['j', 'k', 'r', 'e', '/']) fireEvent.keyDown(document.body, { key });
    fireEvent.keyDown(document.body, { key: '?', shiftKey: true });
    expect(calls).toEqual(['next', 'previous', 'reply', 'close', 'search', 'help']);
  });

  it('keeps the browser from acting on a key it handled (/ is quick find), and leaves other keys alone', () => {
    listen();
    expect(fireEvent.keyDown(document.body, { key: '/' })).toBe(false);
    expect(fireEvent.keyDown(document.body, { key: 'x' })).toBe(true);
    expect(fireEvent.keyDown(document.body, { key: 'J', shiftKey: true })).toBe(true);
  });

  it('ignores keys typed in a field, in a dialog, or with Ctrl, Alt or Meta held', () => {
    const { calls } = listen();
    const { getByRole } = render(
      <div>
        <input aria-label="Search" />
        <textarea aria-label="Message" />
        <button type="button">Chat</button>
        <div contentEditable aria-label="Editor" role="textbox" />
        <div role="dialog" aria-label="Shortcuts">
          <button type="button">OK</button>
        </div>
      </div>,
    );
    fireEvent.keyDown(getByRole('textbox', { name: 'Search' }), { key: 'j' });
    fireEvent.keyDown(getByRole('textbox', { name: 'Message' }), { key: 'r' });
    fireEvent.keyDown(getByRole('textbox', { name: 'Editor' }), { key: 'e' });
    fireEvent.keyDown(getByRole('button', { name: 'OK' }), { key: 'k' });
    fireEvent.keyDown(document.body, { key: 'r', ctrlKey: true });
    fireEvent.keyDown(document.body, { key: 'e', metaKey: true });
    fireEvent.keyDown(document.body, { key: '/', altKey: true });
    expect(calls).toEqual([]);
    // A button outside any dialog is not a field: the shortcuts work with it focused.
    fireEvent.keyDown(getByRole('button', { name: 'Chat' }), { key: 'j' });
    expect(calls).toEqual(['next']);
  });

  it('takes keys again as soon as a closed dialog is hidden, even while it still holds focus', () => {
    const { calls } = listen();
    const { getByRole } = render(
      <div role="dialog" aria-label="Shortcuts">
        <button type="button">OK</button>
      </div>,
    );
    const ok = getByRole('button', { name: 'OK' });
    fireEvent.keyDown(ok, { key: 'e' });
    expect(calls).toEqual([]);
    // antd hides the panel, then hands focus back in an effect of the next render.
    ok.parentElement!.style.display = 'none';
    fireEvent.keyDown(ok, { key: 'e' });
    expect(calls).toEqual(['close']);
  });

  it('stops listening once unmounted', () => {
    const { calls, unmount } = listen();
    unmount();
    fireEvent.keyDown(document.body, { key: 'j' });
    expect(calls).toEqual([]);
  });
});
