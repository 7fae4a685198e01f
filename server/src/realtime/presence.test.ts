import { MemoryPresence } from './presence';

describe('MemoryPresence', () => {
  it('keeps a user online while any of their connections remains', async () => {
    const presence = new MemoryPresence();
    expect(await presence.connect('acc', 'u1', 's1')).toEqual({ online: ['u1'], changed: true });
    expect(await presence.connect('acc', 'u1', 's2')).toEqual({ online: ['u1'], changed: false });
    const third = await presence.connect('acc', 'u2', 's3');
    expect([third.online.sort(), third.changed]).toEqual([['u1', 'u2'], true]);
    const left = await presence.disconnect('acc', 'u1', 's1');
    expect([left.online.sort(), left.changed]).toEqual([['u1', 'u2'], false]);
    expect(await presence.disconnect('acc', 'u1', 's2')).toEqual({ online: ['u2'], changed: true });
  });

  it('reports no change for a connection it never saw', async () => {
    const presence = new MemoryPresence();
    await presence.connect('acc', 'u1', 's1');
    expect(await presence.disconnect('acc', 'u2', 'unknown')).toEqual({ online: ['u1'], changed: false });
  });

  it('keeps accounts apart', async () => {
    const presence = new MemoryPresence();
    await presence.connect('a', 'u1', 's1');
    await presence.connect('b', 'u2', 's2');
    expect(await presence.online('a')).toEqual(['u1']);
    expect(await presence.online('b')).toEqual(['u2']);
    expect(await presence.online('c')).toEqual([]);
  });
});
