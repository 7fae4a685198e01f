import { nextInTurn, OnlineStaff } from './round-robin';

describe('nextInTurn', () => {
  it('takes the first member after the last pick, wrapping to the first', () => {
    expect(nextInTurn(['a', 'b', 'c'], null)).toBe('a');
    expect(nextInTurn(['a', 'b', 'c'], 'a')).toBe('b');
    expect(nextInTurn(['a', 'b', 'c'], 'c')).toBe('a');
    // The last pick went offline (or was deleted): the turn passes to whoever follows them.
    expect(nextInTurn(['a', 'c'], 'b')).toBe('c');
    expect(nextInTurn([], 'a')).toBeNull();
  });
});

describe('OnlineStaff', () => {
  afterEach(() => jest.restoreAllMocks());

  const presence = (answers: string[][]) => {
    const onlineUserIds = jest.fn(async (_accountId: string) => answers.shift() ?? []);
    return { onlineUserIds };
  };

  it('asks presence once per account within the answer’s lifetime, and again after it', async () => {
    const realtime = presence([['u1'], ['u1', 'u2']]);
    let now = 1_000;
    jest.spyOn(Date, 'now').mockImplementation(() => now);
    const online = new OnlineStaff(realtime, 3000);
    expect(await online.online('acc')).toEqual(['u1']);
    now += 2999;
    expect(await online.online('acc')).toEqual(['u1']);
    expect(realtime.onlineUserIds).toHaveBeenCalledTimes(1);
    now += 1;
    expect(await online.online('acc')).toEqual(['u1', 'u2']);
    expect(realtime.onlineUserIds).toHaveBeenCalledTimes(2);
  });

  it('asks again at once after forget (a connection came or went), and after a failed answer', async () => {
    const realtime = { onlineUserIds: jest.fn() };
    realtime.onlineUserIds
      .mockResolvedValueOnce(['u1'])
      .mockResolvedValueOnce([])
      .mockRejectedValueOnce(new Error('redis down'))
      .mockResolvedValueOnce(['u2']);
    const online = new OnlineStaff(realtime, 60_000);
    expect(await online.online('acc')).toEqual(['u1']);
    online.forget('acc');
    expect(await online.online('acc')).toEqual([]);
    online.forget('acc');
    await expect(online.online('acc')).rejects.toThrow('redis down');
    expect(await online.online('acc')).toEqual(['u2']);
  });
});
