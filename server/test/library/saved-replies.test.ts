/**
 * Saved replies (issue #21): any staff member lists the account's replies, only owners add, change and delete
 * them; shortcuts are unique per account; another account's reply is a 404 and never changes.
 */
import { testServerFor } from '../helpers/test-server';
import { ownerAgentAndOther } from './library-helpers';

describe('saved replies API', () => {
  const cast = testServerFor(ownerAgentAndOther);
  const url = '/api/account/saved-replies';

  const create = (body: unknown, token = cast.ownerToken) => cast.server.request('POST', url, { token, body });
  const listAs = async (token: string) => {
    const answer = await cast.server.request('GET', url, { token });
    expect(answer.status).toBe(200);
    return answer.body.list as Array<{ id: string; shortcut: string; text: string }>;
  };

  it('lets the owner add replies that every staff member of the account sees, by shortcut', async () => {
    const hours = await create({ shortcut: 'hours', text: 'We open 9–17, {{contact.name}}.\nSee you!' });
    expect(hours.status).toBe(201);
    expect(hours.body).toMatchObject({
      id: expect.any(String),
      shortcut: 'hours',
      text: 'We open 9–17, {{contact.name}}.\nSee you!',
    });
    // Typed with its slash and in capitals, it is kept as the shortcut people type after '/'.
    const thanks = await create({ shortcut: ' /Thanks_2 ', text: 'Thank you! — {{agent.name}}' });
    expect(thanks.status).toBe(201);
    expect(thanks.body.shortcut).toBe('thanks_2');

    for (const token of [cast.ownerToken, cast.agentToken]) {
      expect((await listAs(token)).map((reply) => [reply.shortcut, reply.text])).toEqual([
        ['hours', 'We open 9–17, {{contact.name}}.\nSee you!'],
        ['thanks_2', 'Thank you! — {{agent.name}}'],
      ]);
    }
    expect(await listAs(cast.otherOwnerToken)).toEqual([]);
  });

  it('refuses bad shortcuts and texts with a message naming the problem', async () => {
    const cases: Array<[unknown, RegExp]> = [
      [{ text: 'Hi' }, /Shortcut is required/],
      [{ shortcut: '', text: 'Hi' }, /Shortcut is required/],
      [{ shortcut: '/', text: 'Hi' }, /Shortcut is required/],
      [{ shortcut: 'two words', text: 'Hi' }, /Shortcut may contain only lowercase letters, digits, - and _/],
      [{ shortcut: 'café', text: 'Hi' }, /Shortcut may contain only lowercase letters, digits, - and _/],
      [{ shortcut: 'x'.repeat(33), text: 'Hi' }, /Shortcut is too long \(at most 32 characters\)/],
      [{ shortcut: 'blank' }, /Text is required/],
      [{ shortcut: 'blank', text: '  \n ' }, /Text is required/],
      [{ shortcut: 'long', text: 'x'.repeat(4097) }, /Text is too long \(at most 4096 characters\)/],
      [{ shortcut: 42, text: 'Hi' }, /Shortcut must be a string/],
    ];
    for (const [body, message] of cases) {
      const answer = await create(body);
      expect({ body, status: answer.status }).toEqual({ body, status: 400 });
      expect(answer.body.message).toMatch(message);
    }
    // The limits themselves are accepted.
    const longest = await create({ shortcut: 'x'.repeat(32), text: 'y'.repeat(4096) });
    expect(longest.status).toBe(201);
    await cast.server.request('DELETE', `${url}/${longest.body.id}`, { token: cast.ownerToken });
  });

  it('answers 409 for a shortcut the account already has, but another account may use it', async () => {
    const duplicate = await create({ shortcut: 'HOURS', text: 'Another text' });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.message).toBe('A saved reply with this shortcut already exists');
    expect(await listAs(cast.ownerToken)).toHaveLength(2);

    const elsewhere = await create({ shortcut: 'hours', text: 'Our own hours' }, cast.otherOwnerToken);
    expect(elsewhere.status).toBe(201);
  });

  it('lets the owner change and delete a reply; renaming onto a taken shortcut is a 409', async () => {
    const [hours, thanks] = await listAs(cast.ownerToken);
    const changed = await cast.server.request('PUT', `${url}/${hours.id}`, {
      token: cast.ownerToken,
      body: { shortcut: 'opening-hours', text: 'Open 8–18, {{contact.name}}' },
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({
      id: hours.id,
      shortcut: 'opening-hours',
      text: 'Open 8–18, {{contact.name}}',
    });
    // Saving it again unchanged is fine (its own shortcut is not a conflict).
    const same = await cast.server.request('PUT', `${url}/${hours.id}`, {
      token: cast.ownerToken,
      body: { shortcut: 'opening-hours', text: 'Open 8–18, {{contact.name}}' },
    });
    expect(same.status).toBe(200);

    const taken = await cast.server.request('PUT', `${url}/${thanks.id}`, {
      token: cast.ownerToken,
      body: { shortcut: 'opening-hours', text: 'x' },
    });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe('A saved reply with this shortcut already exists');

    const deleted = await cast.server.request('DELETE', `${url}/${thanks.id}`, { token: cast.ownerToken });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ ok: true });
    expect((await listAs(cast.agentToken)).map((reply) => reply.shortcut)).toEqual(['opening-hours']);
    const again = await cast.server.request('DELETE', `${url}/${thanks.id}`, { token: cast.ownerToken });
    expect(again.status).toBe(404);
    expect(again.body.message).toBe('Saved reply not found');
  });

  it('refuses agents every change with 403, leaving the list as it was', async () => {
    const before = await listAs(cast.ownerToken);
    const [reply] = before;
    const attempts = [
      await create({ shortcut: 'agent', text: 'Hi' }, cast.agentToken),
      await cast.server.request('PUT', `${url}/${reply.id}`, {
        token: cast.agentToken,
        body: { shortcut: 'x', text: 'y' },
      }),
      await cast.server.request('DELETE', `${url}/${reply.id}`, { token: cast.agentToken }),
    ];
    expect(attempts.map((answer) => answer.status)).toEqual([403, 403, 403]);
    expect(await listAs(cast.ownerToken)).toEqual(before);
    expect((await cast.server.request('GET', url)).status).toBe(401);
  });

  it("answers 404 to another account's owner for this account's reply, and changes nothing", async () => {
    const before = await listAs(cast.ownerToken);
    const [reply] = before;
    const put = await cast.server.request('PUT', `${url}/${reply.id}`, {
      token: cast.otherOwnerToken,
      body: { shortcut: 'stolen', text: 'Changed by B' },
    });
    expect(put.status).toBe(404);
    expect(put.body.message).toBe('Saved reply not found');
    const deleted = await cast.server.request('DELETE', `${url}/${reply.id}`, { token: cast.otherOwnerToken });
    expect(deleted.status).toBe(404);
    expect(JSON.stringify([put.body, deleted.body])).not.toContain(reply.text);
    // An id that is not a uuid cannot exist.
    expect((await cast.server.request('DELETE', `${url}/not-an-id`, { token: cast.ownerToken })).status).toBe(404);
    expect(await listAs(cast.ownerToken)).toEqual(before);
  });
});
