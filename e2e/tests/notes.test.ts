import { bubble, chatHeader, emptied, inboxSuite, openChat, row } from '../support/inbox-suite';

// Private notes (issue #21): the owner writes a note in a conversation mentioning the agent; the agent, in another
// browser with the same conversation open, sees the note appear among the messages and is told of the mention; the
// customer (the sandbox, standing in for WhatsApp) receives nothing. Away from it, a mention marks its row with @.
const OWNER = { email: 'owner@parley.test', password: 'parley-owner' };
const AGENT = { email: 'agent@parley.test', password: 'parley-agent' };

describe('private notes', () => {
  const suite = inboxSuite();
  const { newCustomer, customerSays } = suite;

  it('the owner notes a conversation mentioning the agent; the agent sees it live and is told; the customer gets nothing', async () => {
    const customer = newCustomer('Maria Note');
    await customerSays(customer, 'Where is my parcel?');
    const other = newCustomer('Otto Note');
    await customerSays(other, 'Just browsing');

    const agent = await suite.signedIn(AGENT);
    await row(agent, customer.name).waitFor();
    await openChat(agent, customer.name);
    await bubble(agent, 'Where is my parcel?').waitFor();

    const owner = await suite.signedIn(OWNER);
    await openChat(owner, customer.name);
    await bubble(owner, 'Where is my parcel?').waitFor();
    await owner.locator('.inbox-composer').getByText('Note', { exact: true }).click();
    const box = owner.getByRole('textbox', { name: 'Private note' });
    await box.click();
    // `@` offers the staff; picking Adam mentions him.
    const mentionAdam = async (text: string) => {
      await box.pressSequentially('@Ada');
      await owner.locator('.ant-mentions-dropdown-menu-item', { hasText: 'Adam Agent' }).click();
      await box.pressSequentially(text);
      await owner.getByRole('button', { name: 'Add note' }).click();
    };
    await mentionAdam('please call her back');

    const ownersNote = owner.getByRole('note', { name: 'Private note by Olivia Owner' });
    await ownersNote.waitFor();
    expect(await ownersNote.textContent()).toContain('@Adam Agent please call her back');
    await emptied(box);

    // The agent: the note appears in the open chat, after the customer's message, and a toast names the mention.
    const agentsNote = agent.getByRole('note', { name: 'Private note by Olivia Owner' });
    await agentsNote.waitFor();
    expect(await agentsNote.textContent()).toContain('Note · Olivia Owner');
    await agent.getByText(`Olivia Owner mentioned you in ${customer.name}`).waitFor();
    const order = await agent
      .locator('[data-message-id], [data-note-id]')
      .evaluateAll((elements) =>
        elements.map((element) => (element.hasAttribute('data-note-id') ? 'note' : 'message')),
      );
    expect(order).toEqual(['message', 'note']);
    // No ticks on a note, and the chat header still names the customer.
    expect(await agentsNote.locator('[title="Sent"], [title="Delivered"], [title="Read"]').count()).toBe(0);
    await chatHeader(agent).getByRole('heading', { name: customer.name }).waitFor();

    // WhatsApp never saw it: the sandbox's customer has no message from the business.
    const received = await suite.sandbox('GET', `/_sandbox/customers/${customer.digits}/messages`);
    const list = (Array.isArray(received) ? received : (received.messages ?? received.list ?? [])) as Array<{
      direction: string;
    }>;
    expect(list.filter((message) => message.direction === 'outbound')).toEqual([]);

    // Reading another conversation, the agent's row of this one gets an @ badge at the next mention, until opened.
    await openChat(agent, other.name);
    await chatHeader(agent).getByRole('heading', { name: other.name }).waitFor();
    await box.click();
    await mentionAdam('she called again');
    const mentioned = row(agent, customer.name).getByTitle('You were mentioned');
    await mentioned.waitFor();
    await openChat(agent, customer.name);
    await mentioned.waitFor({ state: 'detached' });
  });
});
