import { findOrCreateContactByPhone } from '../../src/modules/contacts/service';
import { testServerFor } from '../helpers/test-server';
import { ownerAgentAndOther } from './library-helpers';

describe('contacts API', () => {
  const cast = testServerFor(ownerAgentAndOther);

  const add = (body: unknown, token = cast.ownerToken) => cast.server.request('POST', '/api/contacts', { token, body });
  const list = (query: string, token = cast.ownerToken) =>
    cast.server.request('GET', `/api/contacts${query}`, { token });

  it('adds a contact with the phone kept as digits with the country code', async () => {
    const answer = await add({ name: ' Ana Lima ', phone: '+55 (11) 99999-0000', email: 'Ana@Example.com' });
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({
      id: expect.any(String),
      name: 'Ana Lima',
      profileName: null,
      phone: '5511999990000',
      userId: null,
      username: null,
      email: 'ana@example.com',
    });
  });

  it('refuses something that is not a phone number, or a local number without country code, with a clear message', async () => {
    for (const phone of ['call me maybe', '07700 900123', '123', '']) {
      const answer = await add({ name: 'X', phone, email: '' });
      expect(answer.status).toBe(400);
      expect(answer.body.errors.phone).toMatch(/phone|Phone/);
    }
    const missing = await add({ name: 'X' });
    expect(missing.status).toBe(400);
    expect(missing.body.errors.phone).toBe('Phone is required');
    expect((await add({ phone: '+1 555 010 2030', email: 'not-an-email' })).body.errors.email).toBe(
      'Email must be a valid email address',
    );
  });

  it('answers 409 when the phone is already in the account, however it is typed', async () => {
    expect((await add({ name: 'Bob', phone: '+1 555 010 2030' })).status).toBe(201);
    const again = await add({ name: 'Robert', phone: '1-555-010-2030', email: 'bob@example.com' });
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/already exists/);
    // Another account may have the same number.
    expect((await add({ name: 'Bob', phone: '+1 555 010 2030' }, cast.otherOwnerToken)).status).toBe(201);
  });

  it('treats empty name and email as not given', async () => {
    const answer = await add({ name: '', phone: '+44 7700 900123', email: '' });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ name: null, email: null, phone: '447700900123' });
  });

  it('lists the account contacts newest first, 5 per page by default, with lastPage', async () => {
    const token = (await cast.server.signedInOwner()).token;
    for (let i = 1; i <= 7; i += 1)
      expect((await add({ name: `Person ${i}`, phone: `+1555000000${i}` }, token)).status).toBe(201);
    const first = await list('', token);
    expect(first.status).toBe(200);
    expect(first.body.lastPage).toBe(2);
    expect(first.body.list.map((c: { name: string }) => c.name)).toEqual([
      'Person 7',
      'Person 6',
      'Person 5',
      'Person 4',
      'Person 3',
    ]);
    const second = await list('?limit=5&page=2', token);
    expect(second.body.list.map((c: { name: string }) => c.name)).toEqual(['Person 2', 'Person 1']);
    expect((await list('?limit=3&page=1', token)).body).toMatchObject({ lastPage: 3 });
    expect((await list('?limit=0', token)).status).toBe(400);
    expect((await list('?page=abc', token)).status).toBe(400);
    expect((await list('?limit=1000', token)).status).toBe(400);
  });

  it('never shows another account its contacts', async () => {
    const mine = (await list('?limit=100')).body.list.map((c: { phone: string }) => c.phone);
    const theirs = (await list('?limit=100', cast.otherOwnerToken)).body.list.map((c: { phone: string }) => c.phone);
    expect(mine).toContain('5511999990000');
    expect(theirs).not.toContain('5511999990000');
  });

  it('lets agents list but not add or delete (403)', async () => {
    expect((await list('', cast.agentToken)).status).toBe(200);
    const refused = await add({ name: 'Sneaky', phone: '+1 555 999 0000' }, cast.agentToken);
    expect(refused.status).toBe(403);
    const contact = (await list('?limit=1')).body.list[0];
    expect(
      (await cast.server.request('DELETE', `/api/contacts/${contact.id}`, { token: cast.agentToken })).status,
    ).toBe(403);
    expect((await cast.server.request('GET', '/api/contacts')).status).toBe(401);
  });

  it('deletes a contact of the account; another account or an unknown id is a 404', async () => {
    const created = (await add({ name: 'Temp', phone: '+49 30 1234567' })).body;
    expect(
      (await cast.server.request('DELETE', `/api/contacts/${created.id}`, { token: cast.otherOwnerToken })).status,
    ).toBe(404);
    expect((await cast.server.request('DELETE', '/api/contacts/not-a-uuid', { token: cast.ownerToken })).status).toBe(
      404,
    );
    const deleted = await cast.server.request('DELETE', `/api/contacts/${created.id}`, { token: cast.ownerToken });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ ok: true });
    expect((await list('?limit=100')).body.list.map((c: { id: string }) => c.id)).not.toContain(created.id);
    expect(
      (await cast.server.request('DELETE', `/api/contacts/${created.id}`, { token: cast.ownerToken })).status,
    ).toBe(404);
    // The same phone can be added again: the contact comes back with the new details.
    const back = await add({ name: 'Temp Again', phone: '+49 30 1234567' });
    expect(back.status).toBe(201);
    expect(back.body).toMatchObject({ id: created.id, name: 'Temp Again' });
  });

  it('gives the WhatsApp channel one contact per sender, refreshing the profile name', async () => {
    const first = await findOrCreateContactByPhone(cast.server.db, cast.owner.accountId, '15557770000', 'Wanda');
    expect(first).toMatchObject({ phone: '15557770000', profileName: 'Wanda', name: null });
    const again = await findOrCreateContactByPhone(cast.server.db, cast.owner.accountId, '15557770000', 'Wanda W.');
    expect(again.id).toBe(first.id);
    expect(again.profileName).toBe('Wanda W.');
    const keep = await findOrCreateContactByPhone(cast.server.db, cast.owner.accountId, '15557770000', undefined);
    expect(keep.profileName).toBe('Wanda W.');
    const [a, b] = await Promise.all([
      findOrCreateContactByPhone(cast.server.db, cast.owner.accountId, '15558880000', 'Twin'),
      findOrCreateContactByPhone(cast.server.db, cast.owner.accountId, '15558880000', 'Twin'),
    ]);
    expect(a.id).toBe(b.id);
    const listed = (await list('?limit=100')).body.list.find((c: { phone: string }) => c.phone === '15557770000');
    expect(listed).toMatchObject({ profileName: 'Wanda W.' });
    // Adding by hand a phone WhatsApp already created is a 409 like any other duplicate.
    expect((await add({ name: 'Wanda', phone: '+1 555 777 0000' })).status).toBe(409);
  });
});
