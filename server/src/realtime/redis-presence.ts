/**
 * Presence shared by every process (REDIS_URL). Per account one sorted set: member `<userId>|<socketId>`, score
 * the moment the entry expires (Redis's clock, so processes with skewed clocks agree). Each process refreshes its
 * own sockets' entries every third of the TTL; a process that dies (SIGKILL, lost machine) stops refreshing and
 * its users drop out within PRESENCE_TTL_SECONDS. The refresh also removes expired entries and reports when an
 * account's list of users changed, so the account room hears the new `getOnline` (exactly one process sees each
 * removal: the scripts are atomic). Connects and disconnects report the same way: only a user's first connection
 * or last one changes the list.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { defineRedisScript, type RedisScript } from '../scale/redis-script';
import type { Presence, PresenceChange } from './presence';

/**
 * KEYS[1] the account's set; ARGV[1] entry lifetime (ms); ARGV[2] member to remove or ''; ARGV[3..] members
 * to add or refresh. Returns { 1 when the account's set of users changed (else 0), members afterwards }.
 */
const UPDATE_SCRIPT = `
local function users(members)
  local set, count = {}, 0
  for _, member in ipairs(members) do
    local user = string.sub(member, 1, string.find(member, '|', 1, true) - 1)
    if not set[user] then set[user] = true; count = count + 1 end
  end
  return set, count
end
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local life = tonumber(ARGV[1])
local before, beforeCount = users(redis.call('ZRANGE', KEYS[1], 0, -1))
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
if ARGV[2] ~= '' then redis.call('ZREM', KEYS[1], ARGV[2]) end
for i = 3, #ARGV do redis.call('ZADD', KEYS[1], now + life, ARGV[i]) end
if redis.call('EXISTS', KEYS[1]) == 1 then redis.call('PEXPIRE', KEYS[1], life) end
local members = redis.call('ZRANGE', KEYS[1], 0, -1)
local after, afterCount = users(members)
local changed = 0
if afterCount ~= beforeCount then changed = 1 else
  for user in pairs(after) do if not before[user] then changed = 1; break end end
end
return {changed, members}
`;

const SEPARATOR = '|';
const memberOf = (userId: string, socketId: string) => `${userId}${SEPARATOR}${socketId}`;
const usersOf = (members: string[]) => [
  ...new Set(members.map((member) => member.slice(0, member.indexOf(SEPARATOR)))),
];

export interface RedisPresenceOptions {
  redis: Redis;
  /** e.g. `parley:presence:`; the account id follows. */
  keyPrefix: string;
  /** Users of a process that stopped refreshing are gone after at most this long. */
  ttlSeconds: number;
  log: FastifyBaseLogger;
}

export type PresenceChangeListener = (accountId: string, onlineUserIds: string[]) => void;

export class RedisPresence implements Presence {
  private readonly update: RedisScript;
  /** This process's connections: accountId → members. Only used to refresh them; Redis holds the truth. */
  private readonly local = new Map<string, Set<string>>();
  private readonly pending = new Set<Promise<unknown>>();
  private readonly entryLifeMs: number;
  private readonly refreshEveryMs: number;
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly options: RedisPresenceOptions) {
    this.update = defineRedisScript(options.redis, 'parleyPresenceUpdate', 1, UPDATE_SCRIPT);
    // An entry lives two refresh periods (one late refresh drops nobody); a dead process's entries expire within
    // two thirds of the TTL and the next sweep, at most a third later, announces it.
    const ttlMs = options.ttlSeconds * 1000;
    this.refreshEveryMs = Math.floor(ttlMs / 3);
    this.entryLifeMs = this.refreshEveryMs * 2;
  }

  connect(accountId: string, userId: string, socketId: string) {
    const member = memberOf(userId, socketId);
    let members = this.local.get(accountId);
    if (!members) this.local.set(accountId, (members = new Set()));
    members.add(member);
    return this.track(this.run(accountId, '', [member]));
  }

  disconnect(accountId: string, userId: string, socketId: string) {
    const member = memberOf(userId, socketId);
    const members = this.local.get(accountId);
    members?.delete(member);
    if (members?.size === 0) this.local.delete(accountId);
    return this.track(this.run(accountId, member, []));
  }

  online(accountId: string) {
    return this.track(this.run(accountId, '', []).then(({ online }) => online));
  }

  /**
   * Refreshes this process's entries every third of the TTL and sweeps the accounts it serves; `onChange` hears
   * each account whose list changed meanwhile (another process died, or this one's entries had lapsed).
   */
  startRefreshing(onChange: PresenceChangeListener): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.refresh(onChange), this.refreshEveryMs);
    this.timer.unref();
  }

  /** Stops refreshing and waits for the updates under way (the last disconnects at shutdown). */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }

  private async refresh(onChange: PresenceChangeListener) {
    for (const [accountId, members] of this.local) {
      try {
        const { changed, online } = await this.track(this.run(accountId, '', [...members]));
        if (changed) onChange(accountId, online);
      } catch (error) {
        this.options.log.warn({ err: error, accountId }, 'presence refresh failed');
      }
    }
  }

  private async run(accountId: string, remove: string, add: string[]): Promise<PresenceChange> {
    const [changed, members] = (await this.update(
      this.options.keyPrefix + accountId,
      this.entryLifeMs,
      remove,
      ...add,
    )) as [number, string[]];
    return { changed: changed === 1, online: usersOf(members) };
  }

  private track<T>(promise: Promise<T>): Promise<T> {
    this.pending.add(promise);
    const forget = () => this.pending.delete(promise);
    promise.then(forget, forget);
    return promise;
  }
}
