import { isLabelColour, LABEL_COLOURS, sortLabels } from './labels';

describe('isLabelColour', () => {
  it("takes antd's preset names and #rrggbb in any case", () => {
    for (const ok of [...LABEL_COLOURS, '#000000', '#1a2B3c', '#FFFFFF']) expect(isLabelColour(ok)).toBe(true);
  });

  it('refuses anything else', () => {
    for (const bad of ['', 'Gold', 'pink', '#fff', '#1234567', '1a2b3c', 'rgb(0,0,0)', 'red;', ' blue'])
      expect(isLabelColour(bad)).toBe(false);
  });
});

describe('sortLabels', () => {
  it('orders by name whatever the case, without changing the list given', () => {
    const given = [{ name: 'vip' }, { name: 'Billing' }, { name: 'alpha' }];
    expect(sortLabels(given).map((label) => label.name)).toEqual(['alpha', 'Billing', 'vip']);
    expect(given[0].name).toBe('vip');
  });
});
