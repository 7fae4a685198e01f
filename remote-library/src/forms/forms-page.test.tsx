import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { api, type FormTemplate } from '@parley/shared';
import { httpFailure, renderPage, resetClient, signIn } from '../test-support/render-page';
import { FormsPage } from './forms-page';

const booking: FormTemplate = {
  id: 'f1',
  metaFlowId: 'meta-f1',
  status: 'PUBLISHED',
  categories: [],
  displayName: 'Book an appointment',
  description: 'Appointment booking form',
  previewUrl: 'https://business.facebook.com/wa/manage/flows/meta-f1/preview/?token=tok1',
  header: 'Book a visit',
  body: 'Pick a time that suits you.',
  footer: 'Takes one minute',
  ctaText: 'Book now',
  isCustomizable: true,
  isActive: true,
};
const survey: FormTemplate = {
  id: 'f2',
  metaFlowId: 'meta-f2',
  status: 'PUBLISHED',
  categories: [],
  displayName: 'Customer feedback survey',
  description: 'Survey',
  previewUrl: null,
  header: null,
  body: 'Tell us how we did.',
  footer: null,
  ctaText: 'Start survey',
  isCustomizable: false,
  isActive: true,
};

const BOOKING_PREVIEW = 'https://business.facebook.com/wa/manage/flows/meta-f1/preview/?token=tok1';
const answerForms = (list: FormTemplate[] = [booking, survey]) =>
  jest.spyOn(api, 'get').mockResolvedValue({ data: list });
const card = (name: string) => screen.getByText(name).closest('[data-testid="form-card"]') as HTMLElement;

describe('Forms page', () => {
  beforeEach(() => resetClient());
  afterEach(() => jest.restoreAllMocks());

  it('shows each form with displayName, description, header, body, footer and its button', async () => {
    signIn('agent');
    const get = answerForms();
    renderPage(FormsPage);
    expect(await screen.findByText('Book an appointment')).toBeTruthy();
    for (const text of [
      'Appointment booking form',
      'Book a visit',
      'Pick a time that suits you.',
      'Takes one minute',
    ]) {
      expect(screen.getByText(text)).toBeTruthy();
    }
    expect(screen.getByRole('button', { name: 'Book now' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Start survey' })).toBeTruthy();
    expect(get).toHaveBeenCalledWith('/api/account/flows');
  });

  it("turns a card to Meta's preview page (a sandboxed frame and a Preview link, never an image), and back", async () => {
    signIn('agent');
    answerForms();
    renderPage(FormsPage);
    fireEvent.click(await screen.findByRole('button', { name: 'Book now' }));
    const booking = card('Book an appointment');
    const frame = within(booking).getByTitle('Book an appointment preview');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame.getAttribute('src')).toBe(BOOKING_PREVIEW);
    expect(frame.getAttribute('sandbox')).toBe('allow-scripts allow-forms');
    const link = within(booking).getByText('Preview');
    expect(link.getAttribute('href')).toBe(BOOKING_PREVIEW);
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(booking.querySelector('img')).toBeNull();
    expect(screen.queryByText('Pick a time that suits you.')).toBeNull();
    fireEvent.click(within(booking).getByRole('button', { name: 'Close preview' }));
    expect(screen.getByText('Pick a time that suits you.')).toBeTruthy();
    expect(screen.queryByTitle('Book an appointment preview')).toBeNull();
  });

  it('never frames or links a preview that is not a web page', async () => {
    signIn('agent');
    answerForms([{ ...booking, previewUrl: 'javascript:alert(1)' }]);
    renderPage(FormsPage);
    fireEvent.click(await screen.findByRole('button', { name: 'Book now' }));
    expect(screen.queryByTitle('Book an appointment preview')).toBeNull();
    expect(screen.queryByText('Preview')).toBeNull();
  });

  it('says No forms available. or Error loading forms', async () => {
    signIn('agent');
    answerForms([]);
    const { unmount } = renderPage(FormsPage);
    expect(await screen.findByText('No forms available.')).toBeTruthy();
    unmount();
    resetClient();
    jest.spyOn(api, 'get').mockRejectedValue(httpFailure(500, { message: 'Internal server error' }));
    renderPage(FormsPage);
    expect(await screen.findByText('Error loading forms')).toBeTruthy();
  });

  it('shows Edit only to owners, and only on customizable forms', async () => {
    signIn('agent');
    answerForms();
    const { unmount } = renderPage(FormsPage);
    await screen.findByText('Book an appointment');
    expect(screen.queryByRole('button', { name: /Edit/ })).toBeNull();
    unmount();
    resetClient();
    signIn('owner');
    renderPage(FormsPage);
    await screen.findByText('Book an appointment');
    expect(within(card('Book an appointment')).getByRole('button', { name: /Edit/ })).toBeTruthy();
    expect(within(card('Customer feedback survey')).queryByRole('button', { name: /Edit/ })).toBeNull();
  });

  it('customizes a form in the Customize Form modal and reloads the list', async () => {
    signIn('owner');
    const get = answerForms();
    const post = jest.spyOn(api, 'post').mockResolvedValue({ data: { ...booking, ctaText: 'Book today' } });
    renderPage(FormsPage);
    await screen.findByText('Book an appointment');
    const loadsBefore = get.mock.calls.length;
    fireEvent.click(within(card('Book an appointment')).getByRole('button', { name: /Edit/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Customize Form')).toBeTruthy();
    const buttonText = within(dialog).getByLabelText('Button Text') as HTMLInputElement;
    await waitFor(() => expect(buttonText.value).toBe('Book now'));
    expect((within(dialog).getByLabelText('Header') as HTMLInputElement).value).toBe('Book a visit');
    expect((within(dialog).getByLabelText('Body') as HTMLTextAreaElement).value).toBe('Pick a time that suits you.');
    expect((within(dialog).getByLabelText('Footer') as HTMLInputElement).value).toBe('Takes one minute');
    fireEvent.change(buttonText, { target: { value: 'Book today' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith('/api/account/flows/f1', {
        header: 'Book a visit',
        body: 'Pick a time that suits you.',
        footer: 'Takes one minute',
        ctaText: 'Book today',
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(get.mock.calls.length).toBeGreaterThan(loadsBefore));
  });

  async function saveWithFailure(failure: unknown) {
    signIn('owner');
    answerForms();
    jest.spyOn(api, 'post').mockRejectedValueOnce(failure);
    renderPage(FormsPage);
    await screen.findByText('Book an appointment');
    fireEvent.click(within(card('Book an appointment')).getByRole('button', { name: /Edit/ }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Save' }));
  }

  it("shows the server's description when customizing fails, keeping the modal open", async () => {
    await saveWithFailure(
      httpFailure(400, {
        message: 'Button text cannot contain emoji',
        description: 'Button text cannot contain emoji',
      }),
    );
    expect(await screen.findByText('Button text cannot contain emoji')).toBeTruthy();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('says Failed to customize form for a 500, whatever its body says', async () => {
    await saveWithFailure(httpFailure(500, { message: 'Internal server error', description: 'stack trace' }));
    expect(await screen.findByText('Failed to customize form')).toBeTruthy();
    expect(screen.queryByText('stack trace')).toBeNull();
  });

  it('says Failed to customize form when the answer has no description', async () => {
    await saveWithFailure(httpFailure(403, { message: 'Only the account owner can do this' }));
    expect(await screen.findByText('Failed to customize form')).toBeTruthy();
  });

  it('closes the modal on Cancel without saving', async () => {
    signIn('owner');
    answerForms();
    const post = jest.spyOn(api, 'post');
    renderPage(FormsPage);
    await screen.findByText('Book an appointment');
    fireEvent.click(within(card('Book an appointment')).getByRole('button', { name: /Edit/ }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(post).not.toHaveBeenCalled();
  });
});
