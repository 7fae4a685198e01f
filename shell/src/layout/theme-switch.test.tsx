import { $darkMode, $themeChoice, THEME_STORAGE_KEY } from '@parley/shared';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { ThemeSwitch } from './theme-switch';

describe('ThemeSwitch', () => {
  afterEach(() => act(() => $themeChoice.set('system')));

  it('follows the system until the user picks Light or Dark, and remembers the pick in this browser', () => {
    const unlisten = $darkMode.listen(() => {});
    render(<ThemeSwitch />);
    expect(screen.getByRole('radio', { name: 'System' })).toHaveProperty('checked', true);
    // jsdom's matchMedia answers "light" for the system.
    expect($darkMode.get()).toBe(false);

    fireEvent.click(screen.getByRole('radio', { name: 'Dark' }));
    expect(screen.getByRole('radio', { name: 'Dark' })).toHaveProperty('checked', true);
    expect($darkMode.get()).toBe(true);
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');

    fireEvent.click(screen.getByRole('radio', { name: 'Light' }));
    expect($darkMode.get()).toBe(false);
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('light');
    unlisten();
  });

  it('names each choice for screen readers in the collapsed menu too', () => {
    render(<ThemeSwitch compact />);
    for (const name of ['System', 'Light', 'Dark']) expect(screen.getByRole('radio', { name })).toBeTruthy();
  });
});
