import { api, type ReportAnswer } from '@parley/shared';

/** GET /api/reports (owner): the account's figures for whole days of a time zone (docs/api.md, Reports). */
export async function fetchReport(from: string, to: string, timeZone: string): Promise<ReportAnswer> {
  const { data } = await api.get<ReportAnswer>('/api/reports', { params: { from, to, timeZone } });
  return data;
}
