import { FilterOutlined } from '@ant-design/icons';
import { pickerDay, useTexts } from '@parley/shared';
import { Badge, Button, DatePicker, Input } from 'antd';
import { LabelFilter } from '../labels/label-filter';
import type { Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { texts } from '../i18n';
import type { ConversationFilters } from './filter-logic';

const DAY_FORMAT = 'YYYY-MM-DD';

export interface FiltersBarProps {
  filters: ConversationFilters;
  onChange: (filters: ConversationFilters) => void;
  /** On a phone: the search box, and the date range and customer name behind a Filters button. */
  compact?: boolean;
}

/** Free text, creation date range and customer name (docs/product-rules.md#dashboard); every change applies at once. */
export function FiltersBar({ filters, onChange, compact = false }: FiltersBarProps) {
  const t = useTexts(texts);
  // Shown from the filters (which may come from the address), so Back/Forward shows the dates they hold.
  const range = useMemo<[Dayjs | null, Dayjs | null] | null>(
    () =>
      filters.from || filters.to
        ? [filters.from ? pickerDay(filters.from) : null, filters.to ? pickerDay(filters.to) : null]
        : null,
    [filters.from, filters.to],
  );
  const moreSet = [filters.from, filters.to, filters.customer.trim(), filters.label].filter(Boolean).length > 0;
  const [moreOpen, setMoreOpen] = useState(false);
  const showMore = !compact || moreOpen;

  const search = (
    <Input.Search
      allowClear
      aria-label={t('filters.search')}
      placeholder={t('filters.searchPlaceholder')}
      value={filters.text}
      onChange={(event) => onChange({ ...filters, text: event.target.value })}
      style={{ flex: '2 1 220px', minWidth: 0 }}
    />
  );
  return (
    <div className="inbox-filters" data-compact={compact || undefined}>
      {compact ? (
        <div style={{ display: 'flex', gap: 8, width: '100%' }}>
          {search}
          <Badge dot={moreSet}>
            <Button
              icon={<FilterOutlined />}
              aria-label={t('filters.more')}
              aria-expanded={moreOpen}
              onClick={() => setMoreOpen((open) => !open)}
            />
          </Badge>
        </div>
      ) : (
        search
      )}
      {showMore && (
        <>
          <DatePicker.RangePicker
            aria-label={t('filters.createdBetween')}
            placeholder={[t('filters.from'), t('filters.to')]}
            allowEmpty={[true, true]}
            value={range}
            format={DAY_FORMAT}
            onChange={(_values, dateStrings) => {
              // Clearing passes no strings at all (whatever the types say).
              const [from, to] = Array.isArray(dateStrings) ? dateStrings : ['', ''];
              onChange({ ...filters, from: from || null, to: to || null });
            }}
            style={{ flex: '1 1 240px' }}
          />
          <Input
            allowClear
            aria-label={t('filters.customerName')}
            placeholder={t('filters.customerName')}
            value={filters.customer}
            onChange={(event) => onChange({ ...filters, customer: event.target.value })}
            style={{ flex: '1 1 160px' }}
          />
          <LabelFilter value={filters.label ?? null} onChange={(label) => onChange({ ...filters, label })} />
        </>
      )}
    </div>
  );
}
