import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { renderInApp } from '../test-support/render';
import { EMPTY_FILTERS, type ConversationFilters } from './filter-logic';
import { FiltersBar } from './filters-bar';

function Harness({ onChange }: { onChange: (filters: ConversationFilters) => void }) {
  const [filters, setFilters] = useState(EMPTY_FILTERS);
  return (
    <FiltersBar
      filters={filters}
      onChange={(next) => {
        setFilters(next);
        onChange(next);
      }}
    />
  );
}

it('takes a typed date range, and clearing it removes both ends', async () => {
  const onChange = jest.fn();
  renderInApp(<Harness onChange={onChange} />);
  const from = screen.getByPlaceholderText('From');
  const to = screen.getByPlaceholderText('To');
  fireEvent.mouseDown(from);
  fireEvent.focus(from);
  fireEvent.change(from, { target: { value: '2024-05-01' } });
  fireEvent.keyDown(from, { key: 'Enter' });
  fireEvent.change(to, { target: { value: '2024-05-03' } });
  fireEvent.keyDown(to, { key: 'Enter' });
  expect(onChange).toHaveBeenLastCalledWith({ ...EMPTY_FILTERS, from: '2024-05-01', to: '2024-05-03' });
  fireEvent.mouseDown(document.querySelector('.ant-picker-clear')!);
  fireEvent.mouseUp(document.querySelector('.ant-picker-clear')!);
  fireEvent.click(document.querySelector('.ant-picker-clear')!);
  expect(onChange).toHaveBeenLastCalledWith(EMPTY_FILTERS);
});

it('passes the free text and the customer name as typed', () => {
  const onChange = jest.fn();
  renderInApp(<Harness onChange={onChange} />);
  fireEvent.change(screen.getByRole('searchbox', { name: 'Search conversations' }), { target: { value: 'Ana' } });
  fireEvent.change(screen.getByRole('textbox', { name: 'Customer name' }), { target: { value: 'Bob' } });
  expect(onChange).toHaveBeenLastCalledWith({ ...EMPTY_FILTERS, text: 'Ana', customer: 'Bob' });
});

it('on a phone keeps the search at hand and the other filters behind a button that shows when they are set', () => {
  const onChange = jest.fn();
  renderInApp(
    <FiltersBar filters={{ ...EMPTY_FILTERS, customer: 'Bob', from: '2024-05-01' }} onChange={onChange} compact />,
  );
  expect(screen.getByRole('searchbox', { name: 'Search conversations' })).toBeTruthy();
  expect(screen.queryByRole('textbox', { name: 'Customer name' })).toBeNull();
  expect(document.querySelector('.ant-badge-dot')).not.toBeNull();
  fireEvent.click(screen.getByRole('button', { name: 'More filters' }));
  expect((screen.getByRole('textbox', { name: 'Customer name' }) as HTMLInputElement).value).toBe('Bob');
  expect((screen.getByPlaceholderText('From') as HTMLInputElement).value).toBe('2024-05-01');
});
