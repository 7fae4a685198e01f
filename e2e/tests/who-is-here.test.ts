import { composerBox, inboxSuite, openChat, row, type Login } from '../support/inbox-suite';
import type { Page } from 'playwright-core';

// Who is here (issue #21): two staff members with the same conversation open see each other in the chat header,
// and one sees "… is typing…" while the other writes a reply (nothing of it reaches the customer).
const OWNER = { email: 'owner@parley.test', password: 'parley-owner' };
const AGENT = { email: 'agent@parley.test', password: 'parley-agent' };

describe('who is here', () => {
  const suite = inboxSuite();
  const { newCustomer, customerSays, sandbox } = suite;
  const signedIn = (login: Login) => suite.signedIn(login);
  const alsoViewing = (page: Page, names: string) => page.getByRole('group', { name: `Also viewing: ${names}` });
  const typingLine = (page: Page) => page.locator('.inbox-typing[aria-live="polite"]');

  it('shows each other in the header and "… is typing…" while one writes, until they clear it or leave', async () => {
    const wendy = newCustomer('Wendy');
    const other = newCustomer('Otto');
    await customerSays(wendy, 'Can someone help me with my order?');
    await customerSays(other, 'Hello');
    const owner = await signedIn(OWNER);
    const agent = await signedIn(AGENT);
    await row(owner, wendy.name).waitFor();
    await row(agent, wendy.name).waitFor();

    await openChat(owner, wendy.name);
    await openChat(agent, wendy.name);
    await alsoViewing(owner, 'Adam Agent').waitFor();
    await alsoViewing(agent, 'Olivia Owner').waitFor();
    // Nobody is listed as viewing beside themselves.
    expect(await owner.getByRole('group', { name: /Olivia Owner/ }).count()).toBe(0);

    await composerBox(agent).pressSequentially('On it');
    await typingLine(owner).getByText('Adam Agent is typing…').waitFor();
    // The typist sees no indicator of their own.
    expect(await typingLine(agent).textContent()).toBe('');

    await composerBox(agent).fill('');
    await typingLine(owner).getByText('Adam Agent is typing…').waitFor({ state: 'detached' });

    await composerBox(agent).pressSequentially('Let me check');
    await typingLine(owner).getByText('Adam Agent is typing…').waitFor();
    // Opening another conversation leaves this one: gone from the header, and no longer typing here.
    await openChat(agent, other.name);
    await alsoViewing(owner, 'Adam Agent').waitFor({ state: 'detached' });
    await typingLine(owner).getByText('Adam Agent is typing…').waitFor({ state: 'detached' });

    // The customer received nothing of it.
    const received = await sandbox('GET', `/_sandbox/customers/${wendy.digits}/messages`);
    const list = (Array.isArray(received) ? received : (received.messages ?? received.list ?? [])) as {
      direction: string;
    }[];
    expect(list.filter((message) => message.direction === 'outbound')).toEqual([]);
  });
});
