import { MemoryPresence } from './presence';

describe('MemoryPresence', () => {
  it('keeps a user online while any of their connections remains', async () => {
    const presence = new MemoryPresence();
    expect(await presence.connect('acc', 'u1', 's1')).toEqual(['u1']);
    expect(await presence.connect('acc', 'u1', 's2')).toEqual(['u1']);
    expect((await presence.connect('acc', 'u2', 's3')).sort()).toEqual(['u1', 'u2']);
    expect(await presence.disconnect('acc', 'u1', 's1')).toEqual(expect.arrayContaining(['u1', 'u2']));
    expect(await presence.disconnect('acc', 'u1', 's2')).toEqual(['u2']);
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
