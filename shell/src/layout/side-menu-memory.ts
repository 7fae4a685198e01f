/** Whether the side menu is collapsed, remembered in this browser across reloads (a preference, not a session). */
const KEY = 'parley-side-menu-collapsed';

export function rememberedCollapsed(): boolean {
  try {
    return localStorage.getItem(KEY) === 'true';
  } catch {
    return false;
  }
}

export function rememberCollapsed(collapsed: boolean): void {
  try {
    localStorage.setItem(KEY, String(collapsed));
  } catch {
    // Private mode without storage: the menu just opens expanded next time.
  }
}
