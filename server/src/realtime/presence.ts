/**
 * Who is online, per account. In memory for one process; with several processes (REDIS_URL, issue 9) a Redis
 * implementation of the same interface keeps the sets shared.
 */
export interface Presence {
  /** Records one more connection of the user; resolves to the account's online user ids afterwards. */
  connect(accountId: string, userId: string, socketId: string): Promise<string[]>;
  /** Forgets one connection; the user stays online while another of their connections remains. */
  disconnect(accountId: string, userId: string, socketId: string): Promise<string[]>;
  online(accountId: string): Promise<string[]>;
}

export class MemoryPresence implements Presence {
  /** accountId → userId → socket ids */
  private readonly accounts = new Map<string, Map<string, Set<string>>>();

  async connect(accountId: string, userId: string, socketId: string) {
    let users = this.accounts.get(accountId);
    if (!users) this.accounts.set(accountId, (users = new Map()));
    let sockets = users.get(userId);
    if (!sockets) users.set(userId, (sockets = new Set()));
    sockets.add(socketId);
    return this.online(accountId);
  }

  async disconnect(accountId: string, userId: string, socketId: string) {
    const users = this.accounts.get(accountId);
    const sockets = users?.get(userId);
    sockets?.delete(socketId);
    if (users && sockets && sockets.size === 0) users.delete(userId);
    if (users && users.size === 0) this.accounts.delete(accountId);
    return this.online(accountId);
  }

  async online(accountId: string) {
    return [...(this.accounts.get(accountId)?.keys() ?? [])];
  }
}
