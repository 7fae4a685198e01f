import { formatPercent, useTexts, withServerMessage, type PageProps, type ReportAnswer } from '@parley/shared';
import { Alert, Button, Card, Col, Form, Input, Row, Skeleton, Space, Statistic, Typography } from 'antd';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { texts } from '../i18n';
import { fetchReport } from './reports-api';
import { browserTimeZone, formatDuration, lastSevenDays } from './report-format';

// Recharts is fetched with this chunk, on this page only.
const ReportCharts = lazy(() => import('./report-charts'));

/** Reports (/reports, owner): volume, first response and resolution times over a date range. */
export function ReportsPage(_props: PageProps) {
  const t = useTexts(texts);
  const [range, setRange] = useState(lastSevenDays);
  const [timeZone] = useState(browserTimeZone);
  const [report, setReport] = useState<ReportAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);

  const load = useCallback(
    async (from: string, to: string) => {
      setLoading(true);
      setError(null);
      try {
        setReport(await fetchReport(from, to, timeZone));
      } catch (failure) {
        setError(withServerMessage(texts.t('reports.loadFailed'), failure));
      } finally {
        setLoading(false);
      }
    },
    [timeZone],
  );

  useEffect(() => {
    void load(range.from, range.to);
    // Loaded once with the default range; later ranges load on Show.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      <Typography.Title level={2} style={{ margin: 0 }}>
        {t('reports.title')}
      </Typography.Title>
      <Form layout="inline" onFinish={() => void load(range.from, range.to)}>
        <Form.Item label={t('reports.from')} htmlFor="report-from">
          <Input
            id="report-from"
            type="date"
            value={range.from}
            max={range.to}
            onChange={(event) => setRange((r) => ({ ...r, from: event.target.value }))}
          />
        </Form.Item>
        <Form.Item label={t('reports.to')} htmlFor="report-to">
          <Input
            id="report-to"
            type="date"
            value={range.to}
            min={range.from}
            onChange={(event) => setRange((r) => ({ ...r, to: event.target.value }))}
          />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" loading={loading}>
            {t('reports.show')}
          </Button>
        </Form.Item>
        <Form.Item>
          <Typography.Text type="secondary">{t('reports.timeZone', { zone: timeZone })}</Typography.Text>
        </Form.Item>
      </Form>
      {error && <Alert type="error" showIcon title={error} />}
      {report ? <ReportFigures report={report} /> : !error && <Skeleton active />}
    </Space>
  );
}

function ReportFigures({ report }: { report: ReportAnswer }) {
  const t = useTexts(texts);
  const { totals, firstResponse, resolution } = report;
  const share = (value: number | null) => (value === null ? '—' : formatPercent(value));
  const cards: Array<{ title: string; value: string | number; testId: string }> = [
    {
      title: t('reports.cards.conversationsStarted'),
      value: totals.conversationsStarted,
      testId: 'conversations-started',
    },
    { title: t('reports.cards.incoming'), value: totals.incoming, testId: 'incoming' },
    { title: t('reports.cards.outgoing'), value: totals.outgoing, testId: 'outgoing' },
    { title: t('reports.cards.unanswered'), value: totals.unanswered, testId: 'unanswered' },
    { title: t('reports.cards.median'), value: formatDuration(firstResponse.medianSeconds, t), testId: 'median' },
    { title: t('reports.cards.p90'), value: formatDuration(firstResponse.p90Seconds, t), testId: 'p90' },
    { title: t('reports.cards.within5'), value: share(firstResponse.within5Minutes), testId: 'within-5' },
    { title: t('reports.cards.within60'), value: share(firstResponse.within1Hour), testId: 'within-60' },
    { title: t('reports.cards.resolution'), value: formatDuration(resolution.medianSeconds, t), testId: 'resolution' },
  ];
  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      <Row gutter={[16, 16]}>
        {cards.map((card) => (
          <Col key={card.testId} xs={12} md={8} xl={6}>
            <Card size="small" data-testid={`report-${card.testId}`}>
              <Statistic title={card.title} value={card.value} />
            </Card>
          </Col>
        ))}
      </Row>
      <Suspense fallback={<Skeleton active />}>
        <ReportCharts report={report} />
      </Suspense>
    </Space>
  );
}
