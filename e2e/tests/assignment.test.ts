import type { Page } from 'playwright-core';
import { bubble, chatHeader, composerBox, inboxSuite, openChat, row } from '../support/inbox-suite';

// Assignment (issue #21), two staff members in two browsers: the owner assigns a conversation to the agent, who
// sees it arrive in Mine live; the agent's reply to an unassigned conversation makes it theirs for the owner too.
const OWNER = { email: 'owner@parley.test', password: 'parley-owner' };
const AGENT = { email: 'agent@parley.test', password: 'parley-agent' };

const view = (page: Page, name: 'Mine' | 'Unassigned' | 'All') =>
  page.locator('.inbox-assignee-view').getByText(name, { exact: true });
const assignedTo = (page: Page, customer: string, staff: string) =>
  row(page, customer).getByRole('img', { name: `Assigned to ${staff}` });

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
});
