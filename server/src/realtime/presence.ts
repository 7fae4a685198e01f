/**
 * Who is online, per account. In memory for one process; with several processes (REDIS_URL) a Redis
 * implementation of the same interface keeps the sets shared.
 */
export interface PresenceChange {
  /** The account's online user ids afterwards. */
  online: string[];
  /** The list differs from before: a user's first connection arrived or their last one left. */
  changed: boolean;
}

export interface Presence {
  /** Records one more connection of the user. */
  connect(accountId: string, userId: string, socketId: string): Promise<PresenceChange>;
  /** Forgets one connection; the user stays online while another of their connections remains. */
  disconnect(accountId: string, userId: string, socketId: string): Promise<PresenceChange>;
  online(accountId: string): Promise<string[]>;
}

export class MemoryPresence implements Presence {
  /** accountId → userId → socket ids */
  private readonly accounts = new Map<string, Map<string, Set<string>>>();

  async connect(accountId: string, userId: string, socketId: string) {
    let users = this.accounts.get(accountId);
    if (!users) this.accounts.set(accountId, (users = new Map()));
    let sockets = users.get(userId);
    const changed = !sockets;
    if (!sockets) users.set(userId, (sockets = new Set()));
    sockets.add(socketId);
    return { online: await this.online(accountId), changed };
  }

  async disconnect(accountId: string, userId: string, socketId: string) {
    const users = this.accounts.get(accountId);
    const sockets = users?.get(userId);
    sockets?.delete(socketId);
    const changed = Boolean(users && sockets && sockets.size === 0);
    if (changed) users?.delete(userId);
    if (users && users.size === 0) this.accounts.delete(accountId);
    return { online: await this.online(accountId), changed };
  }

  async online(accountId: string) {
    return [...(this.accounts.get(accountId)?.keys() ?? [])];
  }
}
