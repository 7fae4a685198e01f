import { chatHeader, conversationList, inboxSuite, openChat, row } from '../support/inbox-suite';

// Labels (issue #21): an owner defines a label; an agent, in another browser, puts it on a conversation; the
// owner's dashboard shows the tag on that row live, and filtering by the label leaves only that conversation.
const OWNER = { email: 'owner@parley.test', password: 'parley-owner' };
const AGENT = { email: 'agent@parley.test', password: 'parley-agent' };

describe('labels', () => {
  const suite = inboxSuite();
  const { newCustomer, customerSays } = suite;

  it('an owner adds a label; an agent puts it on a conversation; the owner sees it live and filters by it', async () => {
    // The owner, from the side menu: Labels, with the add form's check.
    const owner = await suite.signedIn(OWNER);
    await owner.getByRole('menuitem', { name: 'Labels' }).click();
    await owner.waitForURL(/\/labels$/);
    await owner.getByText('No labels yet.').waitFor();
    const addForm = owner.locator('form#add-label');
    await addForm.getByRole('button', { name: 'Add Label' }).click();
    await owner.getByText('Name is required').waitFor();
    await addForm.getByLabel('Name').fill('VIP');
    await addForm.getByRole('combobox', { name: 'Colour' }).click();
    await owner.locator('.ant-select-item-option', { hasText: 'Gold' }).click();
    await addForm.getByRole('button', { name: 'Add Label' }).click();
    await owner.getByRole('row', { name: /VIP/ }).waitFor();
    expect(await owner.getByRole('row', { name: /VIP/ }).textContent()).toContain('gold');

    // Two customers write; the owner watches the dashboard.
    const vip = newCustomer('Vera Label');
    const other = newCustomer('Otto Label');
    await customerSays(vip, 'I am a good customer');
    await customerSays(other, 'Just a question');
    await owner.goto(`${suite.stack.baseUrl}/main`);
    await row(owner, vip.name).waitFor();
    await row(owner, other.name).waitFor();

    // The agent (another browser) puts the label on Vera's conversation from the chat header.
    const agent = await suite.signedIn(AGENT);
    expect(await agent.getByRole('menuitem', { name: 'Labels' }).count()).toBe(0);
    await openChat(agent, vip.name);
    await chatHeader(agent).getByRole('button', { name: 'Labels' }).click();
    await agent.getByRole('menuitem', { name: 'VIP' }).click();
    await row(agent, vip.name).getByText('VIP', { exact: true }).waitFor();

    // The owner sees the tag appear on that row without reloading; Otto's row has none.
    await row(owner, vip.name).getByText('VIP', { exact: true }).waitFor();
    expect(await row(owner, other.name).getByText('VIP', { exact: true }).count()).toBe(0);

    // Filtering by the label leaves only Vera's conversation, and the address keeps the choice.
    await owner.getByRole('combobox', { name: 'Label' }).click();
    await owner.locator('.ant-select-item-option', { hasText: 'VIP' }).click();
    await owner.waitForURL(/[?&]label=/);
    await row(owner, other.name).waitFor({ state: 'detached' });
    await row(owner, vip.name).waitFor();
    expect(await conversationList(owner).getByRole('listitem').count()).toBe(1);
  });
});
