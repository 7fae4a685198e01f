/** What the shell passes to every page parcel. A remote may rely on these and nothing else from the shell. */
export interface PageProps {
  /** Client-side navigation in the shell's router. */
  navigate: (to: string, options?: { replace?: boolean }) => void;
  /** Route parameters (e.g. `{ id }`) and the query string of the current location. */
  params: Record<string, string | undefined>;
  search: string;
  /** Where a guard sent the visitor from, when it did (login sends them back there). */
  from?: string;
  /** Called when the page throws while rendering; the shell then shows its Retry panel. */
  reportError?: (error: Error) => void;
}
