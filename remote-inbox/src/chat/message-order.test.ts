import { aMessage } from '../test-support/fixtures';
import { upsertMessage } from './message-merge';
import { compareMessages } from './message-order';

const at = (second: number) => `2024-05-01T10:00:${String(second).padStart(2, '0')}.000Z`;

describe('compareMessages', () => {
  it("orders by WhatsApp's time, then by when the server stored it, then by id", () => {
    const sorted = [
      aMessage({ id: 'd', timestamp: at(3), createdAt: at(1) }),
      aMessage({ id: 'c', timestamp: at(2), createdAt: at(9) }),
      aMessage({ id: 'b', timestamp: at(2), createdAt: at(5) }),
      aMessage({ id: 'a2', timestamp: at(1), createdAt: at(7) }),
      aMessage({ id: 'a1', timestamp: at(1), createdAt: at(7) }),
    ].sort(compareMessages);
    expect(sorted.map((message) => message.id)).toEqual(['a1', 'a2', 'b', 'c', 'd']);
  });
});

describe('live messages arriving out of order', () => {
  it('take their place by WhatsApp time, not by arrival or storage time', () => {
    // A burst stored in the order the webhooks arrived: 1, 2, 5, 3, 4.
    const arrivals = [1, 2, 5, 3, 4].map((n, index) =>
      aMessage({ id: `m${n}`, timestamp: at(n), createdAt: at(10 + index) }),
    );
    const list = arrivals.reduce(upsertMessage, []);
    expect(list.map((message) => message.id)).toEqual(['m1', 'm2', 'm3', 'm4', 'm5']);
  });
});
