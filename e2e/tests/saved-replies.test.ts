import { emptied, inboxSuite } from '../support/inbox-suite';

// Saved replies (issue #21): an owner adds one with a placeholder; an agent, in another browser, types its
// /shortcut in a conversation, gets the text with the customer's name, edits it and sends it to WhatsApp.
const OWNER = { email: 'owner@parley.test', password: 'parley-owner' };
const AGENT = { email: 'agent@parley.test', password: 'parley-agent', fullName: 'Adam Agent' };

interface SandboxMessage {
  direction: 'inbound' | 'outbound';
  type: string;
  payload: Record<string, any>;
}

describe('saved replies', () => {
  const suite = inboxSuite();
  const { sandbox } = suite;
  const signedIn = (login: { email: string; password: string }) => suite.signedIn(login);

  /** What the business sent to the customer, as the sandbox (Meta) received it. */
  async function receivedByCustomer(digits: string, text: string): Promise<SandboxMessage> {
    let last: SandboxMessage[] = [];
    for (let attempt = 0; attempt < 150; attempt += 1) {
      const answer = await sandbox('GET', `/_sandbox/customers/${digits}/messages`);
      last = (Array.isArray(answer) ? answer : (answer.messages ?? answer.list ?? [])) as SandboxMessage[];
      const found = last.find((message) => message.direction === 'outbound' && message.payload.text?.body === text);
      if (found) return found;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error(`the customer did not receive it; they have ${JSON.stringify(last)}`);
  }

  it('an owner adds a reply; an agent inserts it with /shortcut, filled with the customer’s name, edits and sends it', async () => {
    // The owner, from the side menu: Saved replies, with the add form's checks.
    const owner = await signedIn(OWNER);
    await owner.getByRole('menuitem', { name: 'Saved replies' }).click();
    await owner.waitForURL(/\/saved-replies$/);
    await owner.getByText('No saved replies yet.').waitFor();
    const addForm = owner.locator('form#add-saved-reply');
    await addForm.getByLabel('Shortcut').fill('Opening Hours');
    await addForm.getByRole('button', { name: 'Add Saved Reply' }).click();
    await owner
      .getByText('Shortcut may contain only lowercase letters, digits, - and _ (at most 32 characters)')
      .waitFor();
    await addForm.getByLabel('Shortcut').fill('hours');
    await addForm.getByLabel('Text').fill('Hi {{contact.name}}, we open 9 to 17. {{agent.name}}');
    await addForm.getByRole('button', { name: 'Add Saved Reply' }).click();
    await owner.getByRole('row', { name: /\/hours/ }).waitFor();

    // A customer writes; the agent (another browser) opens the conversation.
    const digits = `1557${String(Date.now() % 10_000_000).padStart(7, '0')}`;
    const customer = { from: `+${digits}`, name: 'Rosa Saved' };
    await sandbox('POST', '/_sandbox/inbound', { ...customer, type: 'text', text: 'When are you open?' });
    const agent = await signedIn(AGENT);
    // Agents use saved replies but do not manage them.
    expect(await agent.getByRole('menuitem', { name: 'Saved replies' }).count()).toBe(0);
    const row = agent.getByRole('list', { name: 'Conversations' }).getByRole('listitem', { name: customer.name });
    await row.getByRole('button', { name: 'Chat' }).click();
    await agent.locator('.inbox-chat-header').getByRole('heading').waitFor();

    const box = agent.getByRole('textbox', { name: 'Message' });
    await box.pressSequentially('/ho');
    // The option fills in the agent's name from the profile, which comes by its own call.
    const option = agent.getByRole('option', { name: /\/hours/ }).filter({ hasText: AGENT.fullName });
    await option.waitFor();
    expect(await option.textContent()).toContain(`Hi ${customer.name}, we open 9 to 17. ${AGENT.fullName}`);
    await box.press('Enter');
    expect(await box.inputValue()).toBe(`Hi ${customer.name}, we open 9 to 17. ${AGENT.fullName}`);

    // Editable before sending: the agent adds a line, then sends.
    await box.press('End');
    await box.pressSequentially(' See you!');
    const sent = `Hi ${customer.name}, we open 9 to 17. ${AGENT.fullName} See you!`;
    expect(await box.inputValue()).toBe(sent);
    await box.press('Enter');
    await agent.locator('.inbox-message', { hasText: 'See you!' }).waitFor();
    await emptied(box);

    const received = await receivedByCustomer(digits, sent);
    expect(received.type).toBe('text');
  });
});
