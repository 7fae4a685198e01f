import { DatePicker, Input, type GetProps } from 'antd';
import { useState } from 'react';
import type { ConversationFilters } from './filter-logic';

type RangeValue = GetProps<typeof DatePicker.RangePicker>['value'];

export interface FiltersBarProps {
  filters: ConversationFilters;
  onChange: (filters: ConversationFilters) => void;
}

/** Free text, creation date range and customer name (spec section 2); every change applies at once. */
export function FiltersBar({ filters, onChange }: FiltersBarProps) {
  // The picker's own date objects stay here; the filters hold plain `YYYY-MM-DD` strings.
  const [range, setRange] = useState<RangeValue>(null);
  return (
    <div className="inbox-filters" style={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}>
      <Input.Search
        allowClear
        aria-label="Search conversations"
        placeholder="Search name, email or phone"
        value={filters.text}
        onChange={(event) => onChange({ ...filters, text: event.target.value })}
        style={{ flex: '2 1 220px' }}
      />
      <DatePicker.RangePicker
        aria-label="Created between"
        placeholder={['From', 'To']}
        allowEmpty={[true, true]}
        value={range}
        onChange={(values, dateStrings) => {
          setRange(values);
          // Clearing passes no strings at all (whatever the types say).
          const [from, to] = Array.isArray(dateStrings) ? dateStrings : ['', ''];
          onChange({ ...filters, from: from || null, to: to || null });
        }}
        style={{ flex: '1 1 240px' }}
      />
      <Input
        allowClear
        aria-label="Customer name"
        placeholder="Customer name"
        value={filters.customer}
        onChange={(event) => onChange({ ...filters, customer: event.target.value })}
        style={{ flex: '1 1 160px' }}
      />
    </div>
  );
}
