import type { Page } from 'playwright-core';
import { bubble, chatHeader, composerBox, inboxSuite, openChat, row } from '../support/inbox-suite';

// Search in messages (issue #21): the free-text filter finds conversations by the text of their messages, in and
// out; the row shows the matching message's snippet with the hit marked, and opening it highlights that message.
const OWNER = { email: 'owner@parley.test', password: 'parley-owner' };
const AGENT = { email: 'agent@parley.test', password: 'parley-agent' };

/** A word nothing else in the demo data contains. */
const distinctWord = (prefix: string) => `${prefix}${Date.now().toString(36)}`;

async function search(page: Page, text: string) {
  await page.getByRole('searchbox', { name: 'Search conversations' }).fill(text);
  await page.waitForURL(new RegExp(`[?&]q=${text}`));
}

/** The row's snippet marks the hit; opening the row highlights the message that has it. */
async function openFound(page: Page, name: string, word: string, messageText: string) {
  const snippet = row(page, name).getByTestId('message-match');
  await snippet.locator('mark', { hasText: word }).waitFor();
  expect(await snippet.textContent()).toContain(messageText);
  await row(page, name).click();
  await page.waitForURL(/[?&]message=/);
  await chatHeader(page).getByRole('heading').waitFor();
  await bubble(page, messageText).locator('[data-highlighted]').waitFor();
}

describe('search in messages', () => {
  const suite = inboxSuite();
  const { newCustomer, customerSays } = suite;

  it("finds a customer's message and, in another browser, a staff member's reply just sent", async () => {
    const customer = newCustomer('Searchable Sam');
    const word = distinctWord('Parcelzq');
    const question = `Where is my ${word} order?`;
    await customerSays(customer, question);
    for (const later of ['Also, one more thing', 'Thanks in advance']) await customerSays(customer, later);

    // The owner searches the customer's word: the row says which message matched, opening it shows that message.
    const owner = await suite.signedIn(OWNER);
    await row(owner, customer.name).waitFor();
    await search(owner, word.toLowerCase());
    await openFound(owner, customer.name, word, question);

    // The agent answers with another distinctive word; the owner, in the other browser, finds the reply.
    const agent = await suite.signedIn(AGENT);
    await openChat(agent, customer.name);
    const reply = distinctWord('Courierzq');
    const replyText = `Your parcel left with ${reply} today`;
    await composerBox(agent).fill(replyText);
    await composerBox(agent).press('Enter');
    await bubble(agent, replyText).waitFor();

    await owner.goto(`${suite.stack.baseUrl}/main`);
    await row(owner, customer.name).waitFor();
    await search(owner, reply.toUpperCase());
    await openFound(owner, customer.name, reply, replyText);
  });
});
