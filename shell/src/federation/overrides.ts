import { VERSION_PATTERN, type Overrides } from './remotes-pointer';

/**
 * Per-browser pins for testing a version in production (like single-spa's import-map-overrides): open any page
 * with `?override=remote-inbox@1.0.0-3f9a1c2b` and this browser alone runs that version of remote-inbox until
 * `?override=remote-inbox@` (that one) or `?override=clear` (all), or the badge's Clear button. Kept in
 * localStorage under its own key, so signing out does not drop it and no other browser is affected.
 */
export const OVERRIDES_KEY = 'parley-overrides';
const PACKAGE = /^[a-z][a-z0-9-]{0,63}$/;

export function readOverrides(): Overrides {
  try {
    const raw = JSON.parse(localStorage.getItem(OVERRIDES_KEY) ?? '{}') as Record<string, unknown>;
    const overrides: Overrides = {};
    for (const [name, version] of Object.entries(raw ?? {})) {
      if (PACKAGE.test(name) && typeof version === 'string' && VERSION_PATTERN.test(version)) overrides[name] = version;
    }
    return overrides;
  } catch {
    return {};
  }
}

export function writeOverrides(overrides: Overrides): void {
  if (Object.keys(overrides).length) localStorage.setItem(OVERRIDES_KEY, JSON.stringify(overrides));
  else localStorage.removeItem(OVERRIDES_KEY);
}

/** Applies `?override=…` parameters of the address to the stored pins and takes them out of the address. */
export function applyOverrideParameters(location: Location = window.location): Overrides {
  const url = new URL(location.href);
  const values = url.searchParams.getAll('override');
  if (!values.length) return readOverrides();
  let overrides = readOverrides();
  for (const value of values) {
    if (value === 'clear') {
      overrides = {};
      continue;
    }
    const at = value.lastIndexOf('@');
    const name = value.slice(0, at);
    const version = value.slice(at + 1);
    if (at < 1 || !PACKAGE.test(name)) continue;
    if (!version) delete overrides[name];
    else if (VERSION_PATTERN.test(version)) overrides[name] = version;
  }
  writeOverrides(overrides);
  url.searchParams.delete('override');
  history.replaceState(history.state, '', `${url.pathname}${url.search}${url.hash}`);
  return overrides;
}
