import { DownloadOutlined, TableOutlined } from '@ant-design/icons';
import { useTexts } from '@parley/shared';
import { Button, Card, Space } from 'antd';
import { useId, useState, type CSSProperties, type ReactNode } from 'react';
import { texts } from '../i18n';
import { downloadCsv, toCsv } from './report-format';

/** Kept in the accessibility tree (screen readers read it) but not drawn. */
const VISUALLY_HIDDEN: CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
};

const CELL: CSSProperties = { padding: '4px 12px', borderBottom: '1px solid rgba(5, 5, 5, 0.06)', textAlign: 'left' };

export interface ChartCardProps {
  title: string;
  /** The chart's numbers: the table screen readers read, the table shown on demand and the CSV. */
  header: string[];
  rows: Array<Array<string | number>>;
  csvName: string;
  children: ReactNode;
}

/** A chart with its numbers as a table (hidden until asked for, always read by screen readers) and a CSV. */
export function ChartCard({ title, header, rows, csvName, children }: ChartCardProps) {
  const t = useTexts(texts);
  const [tableShown, setTableShown] = useState(false);
  const titleId = useId();
  return (
    <Card
      title={<span id={titleId}>{title}</span>}
      extra={
        <Space>
          <Button
            size="small"
            icon={<TableOutlined />}
            aria-pressed={tableShown}
            onClick={() => setTableShown((s) => !s)}
          >
            {tableShown ? t('reports.hideTable') : t('reports.showTable')}
          </Button>
          <Button size="small" icon={<DownloadOutlined />} onClick={() => downloadCsv(csvName, toCsv(header, rows))}>
            CSV
          </Button>
        </Space>
      }
    >
      {/* The drawing repeats the table below, which is what assistive technology reads: hidden from it, and
          inert so that keyboard focus never lands inside it either. */}
      <div aria-hidden="true" inert>
        {children}
      </div>
      <table
        aria-labelledby={titleId}
        style={tableShown ? { marginTop: 16, borderCollapse: 'collapse' } : VISUALLY_HIDDEN}
      >
        <thead>
          <tr>
            {header.map((name) => (
              <th key={name} scope="col" style={CELL}>
                {name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={String(row[0])}>
              {row.map((value, index) => (
                <td key={index} style={CELL}>
                  {value}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  );
}
