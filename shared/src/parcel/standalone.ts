import { mountRootParcel, type ParcelConfig } from 'single-spa';

/**
 * A remote's own dev entry: mounts the page whose path matches the address, with the same props the shell
 * passes, so a team can run its remote alone against a running server.
 */
export function mountStandalone(pages: Record<string, () => Promise<{ default: unknown }>>): void {
  const root = document.getElementById('root');
  if (!root) return;
  const path = window.location.pathname;
  const load = pages[path];
  if (!load) {
    root.innerHTML = `<ul>${Object.keys(pages)
      .map((p) => `<li><a href="${p}">${p}</a></li>`)
      .join('')}</ul>`;
    return;
  }
  void load().then(({ default: config }) => {
    mountRootParcel(config as ParcelConfig, {
      domElement: root,
      navigate: (to: string) => window.location.assign(to),
      params: {},
      search: window.location.search,
    });
  });
}
