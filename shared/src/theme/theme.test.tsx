import { act, render, screen } from '@testing-library/react';
import { theme } from 'antd';
import { DocumentTheme } from './document-theme';
import { ParleyThemeProvider, PARLEY_TOKEN } from './parley-theme';
import { $darkMode, $prefersReducedMotion, $systemPrefersDark, $themeChoice, THEME_STORAGE_KEY } from './theme-mode';

function Colours() {
  const { token } = theme.useToken();
  return (
    <p>
      {token.colorPrimary} on {token.colorBgContainer}
    </p>
  );
}

/** Two separate React roots, as the shell and a page parcel are: both follow the one store. */
function renderTwoRoots() {
  render(
    <ParleyThemeProvider>
      <DocumentTheme />
      <Colours />
    </ParleyThemeProvider>,
  );
  render(
    <ParleyThemeProvider>
      <Colours />
    </ParleyThemeProvider>,
  );
}

const colours = () => screen.getAllByText(/ on /).map((node) => node.textContent);

describe('Parley theme', () => {
  afterEach(() => {
    act(() => {
      $themeChoice.set('system');
      $systemPrefersDark.set(false);
    });
    localStorage.clear();
  });

  it('repaints every mounted root at once when the choice changes, primary colour kept', () => {
    renderTwoRoots();
    const light = colours();
    expect(light[0]).toBe(light[1]);
    expect(light[0]).toContain('#ffffff');
    expect(light[0]?.toLowerCase()).toContain(PARLEY_TOKEN.colorPrimary);
    expect(document.documentElement.dataset.parleyTheme).toBe('light');

    act(() => $themeChoice.set('dark'));
    const dark = colours();
    expect(dark[0]).toBe(dark[1]);
    expect(dark[0]).not.toContain('#ffffff');
    expect(document.documentElement.dataset.parleyTheme).toBe('dark');
    expect(document.documentElement.style.colorScheme).toBe('dark');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
  });

  it('follows the system only while the choice is System', () => {
    const unlisten = $darkMode.listen(() => {});
    act(() => $systemPrefersDark.set(true));
    expect($darkMode.get()).toBe(true);
    act(() => $themeChoice.set('light'));
    expect($darkMode.get()).toBe(false);
    act(() => $systemPrefersDark.set(false));
    act(() => $themeChoice.set('dark'));
    expect($darkMode.get()).toBe(true);
    unlisten();
  });

  it('follows a choice made in another tab, reading an unknown stored value as System', () => {
    const unlisten = $themeChoice.listen(() => {});
    const storedElsewhere = (value: string) =>
      act(() => {
        localStorage.setItem(THEME_STORAGE_KEY, value);
        window.dispatchEvent(new StorageEvent('storage', { key: THEME_STORAGE_KEY, newValue: value }));
      });
    storedElsewhere('dark');
    expect($themeChoice.get()).toBe('dark');
    storedElsewhere('sepia');
    expect($themeChoice.get()).toBe('system');
    unlisten();
  });

  it("turns antd's animations off while the system asks for reduced motion", () => {
    function Motion() {
      const { token } = theme.useToken();
      return <p>motion {String(token.motion)}</p>;
    }
    render(
      <ParleyThemeProvider>
        <Motion />
      </ParleyThemeProvider>,
    );
    expect(screen.getByText(/^motion/).textContent).toBe('motion true');
    act(() => $prefersReducedMotion.set(true));
    expect(screen.getByText(/^motion/).textContent).toBe('motion false');
    act(() => $prefersReducedMotion.set(false));
    expect(screen.getByText(/^motion/).textContent).toBe('motion true');
  });
});
