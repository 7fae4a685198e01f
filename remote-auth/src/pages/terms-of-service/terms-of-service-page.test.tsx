import { cleanup, fireEvent, screen } from '@testing-library/react';
import { renderPage } from '../../test-support/render-page';
import { TermsOfServicePage } from './terms-of-service-page';
import { TERMS_SECTIONS } from './terms-text';

afterEach(cleanup);

function textOfSection(number: string): string {
  const heading = screen.getByRole('heading', { level: 2, name: new RegExp(`^${number}\\. `) });
  return heading.closest('section')?.textContent ?? '';
}

describe('TermsOfServicePage', () => {
  it('shows the title and the last-updated date', () => {
    renderPage(TermsOfServicePage);
    expect(screen.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeTruthy();
    expect(screen.getByText(/last updated 9\/1\/2022/)).toBeTruthy();
  });

  it('has a way back into the app', () => {
    const { navigate } = renderPage(TermsOfServicePage);
    fireEvent.click(screen.getByRole('link', { name: '← Back to Parley' }));
    expect(navigate).toHaveBeenCalledWith('/main');
  });

  it('puts a plain-language summary above every clause', () => {
    renderPage(TermsOfServicePage);
    const clauses = TERMS_SECTIONS.flatMap((section) => section.clauses);
    expect(clauses.length).toBeGreaterThan(20);
    for (const clause of clauses) {
      const heading = screen.getByRole('heading', { level: 4, name: `${clause.number} ${clause.heading}` });
      const summary = heading.nextElementSibling;
      expect(summary?.textContent).toBe(`In plain language: ${clause.summary}`);
      expect(summary?.nextElementSibling?.textContent).toBe(clause.text[0]);
    }
  });

  it('section 8 covers 30 days notice, a 15-day cure, insolvency and survival', () => {
    renderPage(TermsOfServicePage);
    const text = textOfSection('8');
    expect(text).toMatch(/Term, Termination and Survival/);
    expect(text).toMatch(/at least 30 days’ written notice/);
    expect(text).toMatch(/does not cure the breach within 15 days/);
    expect(text).toMatch(/Insolvency/);
    expect(text).toMatch(/Survival/);
  });

  it('section 9 covers every general point, Miami, Florida and 30 days of escalation before arbitration', () => {
    renderPage(TermsOfServicePage);
    const text = textOfSection('9');
    for (const heading of [
      'Affiliates',
      'Assignment',
      'Relationship of the Parties',
      'No Third-Party Beneficiaries',
      'Notices',
      'Governing Law',
      'Arbitration',
      'Force Majeure',
      'Waiver and Order of Precedence',
      'Severability',
      'Entire Agreement',
    ])
      expect(text).toContain(heading);
    expect(text).toMatch(/Miami, Florida/);
    expect(text).toMatch(
      /not resolved within 30 days of that notice, it will be finally settled by binding arbitration/,
    );
  });

  it('section 10 has the additional terms for US government bodies, EEA/UK small organisations and Brazil', () => {
    renderPage(TermsOfServicePage);
    const text = textOfSection('10');
    expect(text).toMatch(/United States Government Bodies/);
    expect(text).toMatch(/late-payment notice and allow 15 days/);
    expect(text).toMatch(/Small Organisations in the EEA and the United Kingdom/);
    expect(text).toMatch(/Entities in Brazil/);
  });

  it('states the payment, change and liability constants', () => {
    renderPage(TermsOfServicePage);
    const text = document.body.textContent ?? '';
    expect(text).toMatch(/invoices are due within 30 days of the invoice date/);
    expect(text).toMatch(/late notice\. If the amount remains unpaid 15 days after that notice/);
    expect(text).toMatch(/the lesser of 1\.5% per month or the maximum rate permitted by law/);
    expect(text).toMatch(/in writing within 60 days of the invoice date/);
    expect(text).toMatch(/at least 60 days’ notice before making a backwards-incompatible change to a documented API/);
    expect(text).toMatch(/change these Terms by giving the Customer at least 30 days’ notice/);
    expect(text).toMatch(/fees paid or payable by the Customer in the 12 months before the event/);
  });
});
