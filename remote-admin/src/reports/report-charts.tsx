/**
 * The Reports page's charts: the only module that imports Recharts, loaded lazily by the page so the library's
 * bytes are fetched on /reports only.
 */
import type { ReportAnswer } from '@parley/shared';
import { Col, Row, theme } from 'antd';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { ChartCard } from './chart-card';
import { formatDuration, formatShare } from './report-format';

const HEIGHT = 260;

export default function ReportCharts({ report }: { report: ReportAnswer }) {
  const { token } = theme.useToken();
  const volume = report.days.map((d) => ({ day: d.day.slice(5), incoming: d.incoming, outgoing: d.outgoing }));
  const agents = report.agents.map((a) => ({ name: a.name, firstResponses: a.firstResponses }));
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24}>
        <ChartCard
          title="Messages per day"
          csvName={`messages-per-day-${report.from}-${report.to}.csv`}
          header={['Day', 'Incoming', 'Outgoing', 'Conversations started']}
          rows={[
            ...report.days.map((d) => [d.day, d.incoming, d.outgoing, d.conversationsStarted]),
            ['Total', report.totals.incoming, report.totals.outgoing, report.totals.conversationsStarted],
          ]}
        >
          <ResponsiveContainer width="100%" height={HEIGHT}>
            <BarChart data={volume}>
              <CartesianGrid strokeDasharray="3 3" vertical={false} />
              <XAxis dataKey="day" />
              <YAxis allowDecimals={false} />
              <Tooltip />
              <Legend />
              <Bar dataKey="incoming" name="Incoming" fill={token.colorPrimary} />
              <Bar dataKey="outgoing" name="Outgoing" fill={token.colorSuccess} />
            </BarChart>
          </ResponsiveContainer>
        </ChartCard>
      </Col>
      <Col xs={24} lg={12}>
        <ChartCard
          title="First response time"
          csvName={`first-response-times-${report.from}-${report.to}.csv`}
          header={['First response within', 'Conversations']}
          rows={report.responseTimeBuckets.map((b) => [b.label, b.count])}
        >
          <ResponsiveContainer width="100%" height={HEIGHT}>
            <BarChart data={report.responseTimeBuckets}>
              <CartesianGrid strokeDasharray="3 3" vertical={false} />
              <XAxis dataKey="label" interval={0} fontSize={11} />
              <YAxis allowDecimals={false} />
              <Tooltip />
              <Bar dataKey="count" name="Conversations" fill={token.colorPrimary} />
            </BarChart>
          </ResponsiveContainer>
        </ChartCard>
      </Col>
      <Col xs={24} lg={12}>
        <ChartCard
          title="First responses per staff member"
          csvName={`first-responses-per-staff-${report.from}-${report.to}.csv`}
          header={['Staff member', 'First responses', 'Median first response', 'Within 5 min']}
          rows={report.agents.map((a) => [
            a.name,
            a.firstResponses,
            formatDuration(a.medianSeconds),
            formatShare(a.within5Minutes),
          ])}
        >
          <ResponsiveContainer width="100%" height={HEIGHT}>
            <BarChart data={agents} layout="vertical" margin={{ left: 24 }}>
              <CartesianGrid strokeDasharray="3 3" horizontal={false} />
              <XAxis type="number" allowDecimals={false} />
              <YAxis type="category" dataKey="name" width={110} />
              <Tooltip />
              <Bar dataKey="firstResponses" name="First responses" fill={token.colorPrimary} />
            </BarChart>
          </ResponsiveContainer>
        </ChartCard>
      </Col>
    </Row>
  );
}
