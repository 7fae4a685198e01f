import type { Page } from 'playwright-core';
import { bubble, chatHeader, composerBox, inboxSuite, openChat, row } from '../support/inbox-suite';

// Assignment (issue #21), two staff members in two browsers: the owner assigns a conversation to the agent, who
// sees it arrive in Mine live; the agent's reply to an unassigned conversation makes it theirs for the owner too.
// Round robin (last, as it changes the account's setting): new conversations go in turn to the staff online.
const OWNER = { email: 'owner@parley.test', password: 'parley-owner' };
const AGENT = { email: 'agent@parley.test', password: 'parley-agent' };

const view = (page: Page, name: 'Mine' | 'Unassigned' | 'All') =>
  page.locator('.inbox-assignee-view').getByText(name, { exact: true });
const assignedTo = (page: Page, customer: string, staff: string) =>
  row(page, customer).getByRole('img', { name: `Assigned to ${staff}` });

/** Whose list (of these pages) shows the customer's conversation first; waits up to `timeoutMs` for one. */
async function whoseList(pages: Record<string, Page>, customer: string, timeoutMs = 60_000): Promise<string> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    for (const [who, page] of Object.entries(pages)) if ((await row(page, customer).count()) > 0) return who;
    if (Date.now() > until) throw new Error(`${customer} appeared in no list`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('assignment', () => {
  const suite = inboxSuite();
  const { newCustomer, customerSays } = suite;

  it('an owner assigns a conversation to the agent, who sees it appear in Mine live', async () => {
    const mira = newCustomer('Mira Assign');
    await customerSays(mira, 'Who will look after me?');
    const owner = await suite.signedIn(OWNER);
    const agent = await suite.signedIn(AGENT);
    await row(agent, mira.name).waitFor();

    // The agent's Mine view: kept in the address, and without Mira's conversation for now.
    await view(agent, 'Mine').click();
    await agent.waitForURL(/[?&]assignee=me/);
    await row(agent, mira.name).waitFor({ state: 'detached' });

    // The owner assigns it from the chat header's Assign menu.
    await openChat(owner, mira.name);
    await chatHeader(owner).getByRole('button', { name: 'Assign' }).click();
    await owner.getByRole('menuitem', { name: 'Adam Agent' }).click();
    await chatHeader(owner).getByRole('button', { name: 'Assigned to Adam Agent' }).waitFor();
    await assignedTo(owner, mira.name, 'Adam Agent').waitFor();

    // Without reloading, it arrives in the agent's Mine view, with their initials on the row.
    await assignedTo(agent, mira.name, 'Adam Agent').waitFor();
    expect(await assignedTo(agent, mira.name, 'Adam Agent').textContent()).toBe('AA');
  });

  it("an agent's reply takes an unassigned conversation: it leaves the owner's Unassigned view and shows as theirs", async () => {
    const ugo = newCustomer('Ugo Unassigned');
    await customerSays(ugo, 'Is anyone there?');
    const owner = await suite.signedIn(OWNER);
    await view(owner, 'Unassigned').click();
    await owner.waitForURL(/[?&]assignee=unassigned/);
    await row(owner, ugo.name).waitFor();

    const agent = await suite.signedIn(AGENT);
    await openChat(agent, ugo.name);
    await chatHeader(agent).getByRole('button', { name: 'Assign' }).waitFor();
    await composerBox(agent).fill('I am here, how can I help?');
    await composerBox(agent).press('Enter');
    await bubble(agent, 'I am here, how can I help?').waitFor();
    await chatHeader(agent).getByRole('button', { name: 'Assigned to Adam Agent' }).waitFor();

    // The owner's Unassigned view lets it go live; under All it shows the agent as its assignee.
    await row(owner, ugo.name).waitFor({ state: 'detached' });
    await view(owner, 'All').click();
    await assignedTo(owner, ugo.name, 'Adam Agent').waitFor();
  });

  it('with round robin on, two new customers land live in the Mine views of two different staff members', async () => {
    const owner = await suite.signedIn(OWNER);
    const agent = await suite.signedIn(AGENT);
    for (const page of [owner, agent]) {
      await view(page, 'Mine').click();
      await page.waitForURL(/[?&]assignee=me/);
    }

    // The owner turns it on from the User List (in another tab: the Mine view stays open).
    const users = await suite.signedIn(OWNER, { path: '/users' });
    const roundRobin = users.getByRole('switch', {
      name: 'Assign new conversations automatically (round-robin among online staff)',
    });
    await roundRobin.click();
    await users.getByText('New conversations are now assigned automatically').waitFor();
    expect(await roundRobin.getAttribute('aria-checked')).toBe('true');
    // Both count as online (their sockets are up) before the customers write: the turn goes among them.
    for (const email of [OWNER.email, AGENT.email]) {
      await users.getByRole('row').filter({ hasText: email }).getByRole('img', { name: 'Online' }).waitFor();
    }

    const mine = { 'Olivia Owner': owner, 'Adam Agent': agent };
    const rita = newCustomer('Rita Rotation');
    await customerSays(rita, 'First in line');
    const first = await whoseList(mine, rita.name);
    await assignedTo(mine[first as keyof typeof mine], rita.name, first).waitFor();

    const remy = newCustomer('Remy Rotation');
    await customerSays(remy, 'Second in line');
    const second = await whoseList(mine, remy.name);
    await assignedTo(mine[second as keyof typeof mine], remy.name, second).waitFor();
    expect(second).not.toBe(first);
    // Each stays out of the other's Mine view.
    expect(await row(mine[second as keyof typeof mine], rita.name).count()).toBe(0);
    expect(await row(mine[first as keyof typeof mine], remy.name).count()).toBe(0);
  });
});
