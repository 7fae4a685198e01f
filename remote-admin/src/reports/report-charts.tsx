/**
 * The Reports page's charts: the only module that imports Recharts, loaded lazily by the page so the library's
 * bytes are fetched on /reports only.
 */
import { formatPercent, useTexts, type ReportAnswer } from '@parley/shared';
import { Col, Row, theme } from 'antd';
import type { ReactElement } from 'react';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { texts } from '../i18n';
import { ChartCard, type ChartCardProps } from './chart-card';
import { bucketLabel, formatDuration } from './report-format';

const HEIGHT = 260;

/** One chart in its card, full width or (`half`) half of a large screen. */
function ChartCol({ half, children, ...card }: ChartCardProps & { half?: boolean; children: ReactElement }) {
  return (
    <Col xs={24} {...(half ? { lg: 12 } : {})}>
      <ChartCard {...card}>
        <ResponsiveContainer width="100%" height={HEIGHT}>
          {children}
        </ResponsiveContainer>
      </ChartCard>
    </Col>
  );
}

export default function ReportCharts({ report }: { report: ReportAnswer }) {
  const t = useTexts(texts);
  const { token } = theme.useToken();
  const volume = report.days.map((d) => ({ day: d.day.slice(5), incoming: d.incoming, outgoing: d.outgoing }));
  const agents = report.agents.map((a) => ({ name: a.name, firstResponses: a.firstResponses }));
  const buckets = report.responseTimeBuckets.map((b, index) => ({
    label: bucketLabel(index, b.label, t),
    count: b.count,
  }));
  return (
    <Row gutter={[16, 16]}>
      <ChartCol
        title={t('reports.volume.title')}
        csvName={`messages-per-day-${report.from}-${report.to}.csv`}
        header={[
          t('reports.volume.day'),
          t('reports.volume.incoming'),
          t('reports.volume.outgoing'),
          t('reports.volume.conversationsStarted'),
        ]}
        rows={[
          ...report.days.map((d) => [d.day, d.incoming, d.outgoing, d.conversationsStarted]),
          [
            t('reports.volume.total'),
            report.totals.incoming,
            report.totals.outgoing,
            report.totals.conversationsStarted,
          ],
        ]}
      >
        <BarChart data={volume}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="day" />
          <YAxis allowDecimals={false} />
          <Tooltip />
          <Legend />
          <Bar dataKey="incoming" name={t('reports.volume.incoming')} fill={token.colorPrimary} />
          <Bar dataKey="outgoing" name={t('reports.volume.outgoing')} fill={token.colorSuccess} />
        </BarChart>
      </ChartCol>
      <ChartCol
        half
        title={t('reports.responseTimes.title')}
        csvName={`first-response-times-${report.from}-${report.to}.csv`}
        header={[t('reports.responseTimes.within'), t('reports.responseTimes.conversations')]}
        rows={buckets.map((b) => [b.label, b.count])}
      >
        <BarChart data={buckets}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="label" interval={0} fontSize={11} />
          <YAxis allowDecimals={false} />
          <Tooltip />
          <Bar dataKey="count" name={t('reports.responseTimes.conversations')} fill={token.colorPrimary} />
        </BarChart>
      </ChartCol>
      <ChartCol
        half
        title={t('reports.staff.title')}
        csvName={`first-responses-per-staff-${report.from}-${report.to}.csv`}
        header={[
          t('reports.staff.member'),
          t('reports.staff.firstResponses'),
          t('reports.staff.median'),
          t('reports.staff.within5'),
        ]}
        rows={report.agents.map((a) => [
          a.name,
          a.firstResponses,
          formatDuration(a.medianSeconds, t),
          a.within5Minutes === null ? '—' : formatPercent(a.within5Minutes),
        ])}
      >
        <BarChart data={agents} layout="vertical" margin={{ left: 24 }}>
          <CartesianGrid strokeDasharray="3 3" horizontal={false} />
          <XAxis type="number" allowDecimals={false} />
          <YAxis type="category" dataKey="name" width={110} />
          <Tooltip />
          <Bar dataKey="firstResponses" name={t('reports.staff.firstResponses')} fill={token.colorPrimary} />
        </BarChart>
      </ChartCol>
    </Row>
  );
}
