/** Where an account's flows come from: its WABA, through the Graph API. Kept behind this small interface so
 * the sync can be tested and does not care how the connection and the client are built. */
export interface MetaFlow {
  id: string;
  name: string;
  status: string;
  categories: string[];
}

export interface AccountFlowSource {
  listFlows(): Promise<MetaFlow[]>;
  /** The flow's preview: a web page link and when it expires (Meta's `preview.expires_at`), or null. */
  preview(metaFlowId: string): Promise<{ url: string; expiresAt: string | null } | null>;
}

/** The account's flow source, or null when the account has no WhatsApp connection. */
export type FlowSourceFactory = (accountId: string) => Promise<AccountFlowSource | null>;
