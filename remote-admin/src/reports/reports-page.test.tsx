import { fireEvent, screen, waitFor } from '@testing-library/react';
import { api, type ReportAnswer } from '@parley/shared';
import { answer, httpError, renderPage } from '../users/test-support';
import { ReportsPage } from './reports-page';

// The charts (Recharts) are their own lazy chunk; here a stand-in shows that the page hands them the report.
jest.mock('./report-charts', () => ({
  __esModule: true,
  default: ({ report }: { report: ReportAnswer }) => <p>charts of {report.days.length} days</p>,
}));

const report: ReportAnswer = {
  from: '2026-11-03',
  to: '2026-11-09',
  timeZone: 'UTC',
  totals: { conversationsStarted: 4, incoming: 6, outgoing: 5, unanswered: 1 },
  firstResponse: { responded: 3, medianSeconds: 240, p90Seconds: 28_848, within5Minutes: 2 / 3, within1Hour: 2 / 3 },
  resolution: { resolved: 2, medianSeconds: 19_200, p90Seconds: 33_120 },
  days: [{ day: '2026-11-09', conversationsStarted: 4, incoming: 6, outgoing: 5 }],
  responseTimeBuckets: [{ label: '1–5 min', count: 2 }],
  agents: [],
};

const card = (title: string) =>
  screen.getByText(title).closest('.ant-statistic')?.querySelector('.ant-statistic-content');

afterEach(() => jest.restoreAllMocks());

describe('ReportsPage', () => {
  it('asks for the last 7 days in the browser’s time zone and shows the figures', async () => {
    const get = jest.spyOn(api, 'get').mockResolvedValue(answer(report));
    renderPage(ReportsPage);
    await screen.findByText('charts of 1 days');
    const { params } = get.mock.calls[0][1] as { params: { from: string; to: string; timeZone: string } };
    const days = (Date.parse(params.to) - Date.parse(params.from)) / 86_400_000;
    expect(days).toBe(6);
    expect(params.timeZone).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(card('Incoming messages')?.textContent).toBe('6');
    expect(card('Conversations started')?.textContent).toBe('4');
    expect(card('First response (median)')?.textContent).toBe('4 min');
    expect(card('First response (90th percentile)')?.textContent).toBe('8 h 1 min');
    expect(card('Answered within 5 min')?.textContent).toBe('67%');
    expect(card('Resolution (median)')?.textContent).toBe('5 h 20 min');
  });

  it('loads the range typed in and shows the server’s refusal', async () => {
    const get = jest.spyOn(api, 'get').mockResolvedValueOnce(answer(report));
    renderPage(ReportsPage);
    await screen.findByText('charts of 1 days');
    get.mockRejectedValueOnce(httpError(400, { message: 'A report covers at most 366 days' }));
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2024-01-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    await screen.findByText('Failed to load the report: A report covers at most 366 days');
    await waitFor(() => expect(get).toHaveBeenCalledTimes(2));
    expect((get.mock.calls[1][1] as { params: { from: string } }).params.from).toBe('2024-01-01');
  });
});
