import { emitNamedEvent } from '../test-support/realtime-mock';
import { $accountLabels, currentLabels } from './account-labels';

jest.mock('@parley/shared', () => jest.requireActual('../test-support/realtime-mock').sharedWithFakeRealtime());

const vip = { id: 'l1', name: 'VIP', colour: 'gold' };
const billing = { id: 'l2', name: 'billing', colour: '#1a2b3c' };

describe('currentLabels', () => {
  it("shows a conversation's labels with their current names and colours, by name, without deleted ones", () => {
    const renamed = { ...vip, name: 'Gold', colour: 'orange' };
    expect(currentLabels([vip, billing], [renamed, billing])).toEqual([billing, renamed]);
    expect(currentLabels([vip, billing], [billing])).toEqual([billing]);
  });

  it('shows them as read until the account list has loaded', () => {
    expect(currentLabels([vip], undefined)).toEqual([vip]);
    expect(currentLabels(undefined, [vip])).toEqual([]);
  });
});

describe('$accountLabels', () => {
  it('follows the `labels` socket event while in use', () => {
    const stop = $accountLabels.listen(() => undefined);
    emitNamedEvent('labels', { list: [vip, billing] });
    expect($accountLabels.get()).toEqual([billing, vip]);
    emitNamedEvent('labels', { list: [billing] });
    expect($accountLabels.get()).toEqual([billing]);
    stop();
  });
});
