import type { Page } from 'playwright-core';
import { inboxSuite } from '../support/inbox-suite';
import { jsonCall } from '../support/json-call';

// The library in the browser (docs/product-rules.md#library): an owner curates contacts, assets and forms; an agent sees them read-only.
const OWNER = { email: 'owner@parley.test', password: 'parley-owner' };
const AGENT = { email: 'agent@parley.test', password: 'parley-agent' };
// The sandbox's seeded WABA (sandbox/src/seed.ts): four flows with preview pages.
const SANDBOX_WABA = { wabaId: '100000000000001', phoneNumberId: '100000000000002', token: 'sandbox-token-demo' };

/** A 64×48 PNG (made with sharp): enough for the server to detect, thumbnail and serve. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAEAAAAAwCAIAAAAuKetIAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAfUlEQVRoge2SAQkAURSDlsHAS3ChL4Y8/sAAOha+nia6AQuoviK7UO8S3YAFVF+RXah3iW7AAqqvyC7Uu0Q3YAHVV2QX6l2iG7CA6iuyC/Uu0Q1YQPUV2YV6l+gGLKD6iuxCvUt0AxZQfUV2od4lugELqL4iu1DvEt2AxwN+schQxACh8ngAAAAASUVORK5CYII=',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n', 'latin1');
const MB = 1024 * 1024;

describe('library: contacts, assets and forms', () => {
  const suite = inboxSuite();
  let ownerToken: string;

  const api = (method: string, path: string, body?: unknown, token = ownerToken) =>
    jsonCall(`${suite.stack.baseUrl}${path}`, method, body, token);

  const pageAs = (who: typeof OWNER, path: string): Promise<Page> => suite.signedIn(who, { path });

  beforeAll(async () => {
    ownerToken = await suite.apiToken(OWNER);
    // The demo account talks to the sandbox (connecting again is harmless when the seed already did).
    await api('POST', '/api/account/credentials', SANDBOX_WABA);
  });

  describe('contacts', () => {
    it('lets an owner add a contact, refuses a duplicate phone, and delete it', async () => {
      const page = await pageAs(OWNER, '/contacts');
      await page.getByText('Add New Contact').waitFor();
      expect(await page.getByLabel('Email').getAttribute('type')).toBe('email');
      await page.getByLabel('Full Name').fill('Ana Lima');
      await page.getByLabel('Phone').fill('+55 11 99999-0000');
      await page.getByLabel('Email').fill('ana@example.com');
      await page.getByRole('button', { name: 'Add Contact' }).click();
      const row = page.getByRole('row', { name: /Ana Lima/ });
      await row.getByText('+55 11-99999-0000').waitFor();
      await row.getByText('ana@example.com').waitFor();

      await page.getByLabel('Full Name').fill('Ana Again');
      await page.getByLabel('Phone').fill('5511999990000');
      await page.getByRole('button', { name: 'Add Contact' }).click();
      await page.getByText('Failed to add contact: A contact with this phone number already exists').waitFor();

      await row.getByRole('button', { name: 'Delete' }).click();
      // Deleting is permanent: asked first, then the result is toasted.
      await page.locator('.ant-popconfirm').getByRole('button', { name: 'Delete' }).click();
      await row.waitFor({ state: 'detached' });
      await page.getByText('Contact deleted').waitFor();
    });

    it('shows an agent the list with profile names in brackets, without Delete or the add form', async () => {
      await api('POST', '/api/contacts', { name: 'Bruno Costa', phone: '+351 912 345 678', email: '' });
      // A customer writing on WhatsApp becomes a contact with their WhatsApp profile name.
      const sandbox = await fetch(`${suite.stack.sandboxUrl}/_sandbox/inbound`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ from: '+1 555 300 0001', name: 'Carla', type: 'text', text: 'Hello!' }),
      });
      expect(sandbox.status).toBe(201);
      const deadline = Date.now() + 30_000;
      while (!(await api('GET', '/api/contacts?limit=100')).list.some((c: any) => c.phone === '15553000001')) {
        if (Date.now() > deadline) throw new Error('the WhatsApp sender never became a contact');
        await new Promise((resolve) => setTimeout(resolve, 250));
      }

      const page = await pageAs(AGENT, '/contacts');
      const row = page.getByRole('row', { name: /Bruno Costa/ });
      await row.getByText('+351 912-345-678').waitFor();
      await page
        .getByRole('row', { name: /\+1 555-300-0001/ })
        .getByText('(Carla)')
        .waitFor();
      expect(await page.getByRole('button', { name: 'Delete' }).count()).toBe(0);
      expect(await page.getByText('Add New Contact').count()).toBe(0);
    });
  });

  describe('assets', () => {
    const chooseFiles = (page: Page, files: Array<{ name: string; mimeType: string; buffer: Buffer }>) =>
      page.getByTestId('asset-file-input').setInputFiles(files);
    const card = (page: Page, name: string) => page.getByTestId('asset-card').filter({ hasText: name });

    it('uploads several files, skipping the one over 15 MB by name', async () => {
      const page = await pageAs(OWNER, '/assets');
      await page.getByRole('button', { name: /Upload Assets/ }).waitFor();
      await chooseFiles(page, [
        { name: 'storefront.png', mimeType: 'image/png', buffer: PNG },
        { name: 'price-list.pdf', mimeType: 'application/pdf', buffer: PDF },
        { name: 'tour.mp4', mimeType: 'video/mp4', buffer: Buffer.alloc(16 * MB) },
      ]);
      await page.getByText('“tour.mp4” is too large (max 15 MB).').waitFor();
      await page.getByText('Assets uploaded successfully').waitFor();

      const image = card(page, 'storefront.png').getByRole('img', { name: 'storefront.png' });
      await image.waitFor();
      // The thumbnail really loads (no bearer needed for <img>), and links to the original.
      await page.waitForFunction(
        (element) => (element as HTMLImageElement)?.naturalWidth > 0,
        await image.elementHandle(),
      );
      expect(await image.getAttribute('src')).toMatch(/\/thumbnail$/);
      const link = card(page, 'price-list.pdf').getByRole('link', { name: 'Open price-list.pdf' });
      const original = await fetch(`${suite.stack.baseUrl}${await link.getAttribute('href')}`);
      expect(original.headers.get('content-type')).toBe('application/pdf');
      expect(original.headers.get('content-disposition')).toMatch(/^attachment/);
      expect(await card(page, 'tour.mp4').count()).toBe(0);
    });

    it('refuses more than 5 files at a time and uploads nothing', async () => {
      const before = (await api('GET', '/api/account/assets?limit=100')).list.length;
      const page = await pageAs(OWNER, '/assets');
      await page.getByRole('button', { name: /Upload Assets/ }).waitFor();
      await chooseFiles(
        page,
        Array.from({ length: 6 }, (_, i) => ({ name: `pic-${i}.png`, mimeType: 'image/png', buffer: PNG })),
      );
      await page.getByText('You can upload up to 5 assets at a time.').waitFor();
      expect((await api('GET', '/api/account/assets?limit=100')).list.length).toBe(before);
    });

    it('edits an asset, deletes it and restores it', async () => {
      const page = await pageAs(OWNER, '/assets');
      await card(page, 'storefront.png').getByRole('button', { name: 'Edit' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Name').fill('Our shop');
      await dialog.getByLabel('Description').fill('Photo of the Main Street store');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await dialog.waitFor({ state: 'hidden' });
      const shop = card(page, 'Our shop');
      await shop.getByText('Photo of the Main Street store').waitFor();

      await shop.getByRole('button', { name: 'Delete' }).click();
      await shop.getByRole('button', { name: 'Restore' }).waitFor();
      await shop.getByRole('button', { name: 'Restore' }).click();
      await shop.getByRole('button', { name: 'Delete' }).waitFor();
      const stored = (await api('GET', '/api/account/assets?limit=100')).list.find(
        (asset: any) => asset.name === 'Our shop',
      );
      expect(stored).toMatchObject({ description: 'Photo of the Main Street store', deletedAt: null });
    });

    it('shows an agent the assets without any action control', async () => {
      const page = await pageAs(AGENT, '/assets');
      await card(page, 'Our shop').waitFor();
      for (const name of [/Upload Assets/, 'Edit', 'Delete', 'Restore']) {
        expect(await page.getByRole('button', { name }).count()).toBe(0);
      }
    });
  });

  describe('forms', () => {
    const formCard = (page: Page, name: string) => page.getByTestId('form-card').filter({ hasText: name });

    it("shows the forms synced from WhatsApp and toggles a card to Meta's preview page", async () => {
      const page = await pageAs(AGENT, '/forms');
      const booking = formCard(page, 'Book an appointment');
      await booking.getByRole('button', { name: 'Book now' }).click();
      // Meta's preview is a web page: it shows in a frame, and the Preview link opens it in a new tab.
      const preview = page.frameLocator('iframe[title="Book an appointment preview"]');
      await preview.getByText('Full name').waitFor();
      expect(await booking.getByRole('link', { name: 'Preview' }).getAttribute('target')).toBe('_blank');
      await booking.getByRole('button', { name: 'Close preview' }).click();
      await booking.getByRole('button', { name: 'Book now' }).waitFor();
      await formCard(page, 'Customer feedback survey').waitFor();
      expect(await page.getByRole('button', { name: /Edit/ }).count()).toBe(0);
    });

    it('lets an owner customize a form', async () => {
      const page = await pageAs(OWNER, '/forms');
      const survey = formCard(page, 'Customer feedback survey');
      await survey.getByRole('button', { name: /Edit/ }).click();
      const dialog = page.getByRole('dialog', { name: 'Customize Form' });
      await dialog.getByLabel('Header').fill('Two quick questions');
      await dialog.getByLabel('Body').fill('Tell us how we did today.');
      await dialog.getByLabel('Footer').fill('Thank you!');
      await dialog.getByLabel('Button Text').fill('Rate us');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await survey.getByText('Tell us how we did today.').waitFor();
      await survey.getByRole('button', { name: 'Rate us' }).waitFor();

      // The server's description is shown when it refuses (emoji in the button text).
      await survey.getByRole('button', { name: /Edit/ }).click();
      await dialog.getByLabel('Button Text').fill('Rate 👍');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Button text cannot contain emoji').waitFor();
    });
  });
});
