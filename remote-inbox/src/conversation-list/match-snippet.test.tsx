import { render } from '@testing-library/react';
import { MatchSnippet, splitAtMatches } from './match-snippet';

describe('search in messages: the snippet of a row found by a message', () => {
  it('cuts the text at every occurrence of the query, any case, taking the query literally', () => {
    expect(splitAtMatches('Refund? The REFUND came', 'refund')).toEqual(['', 'Refund', '? The ', 'REFUND', ' came']);
    expect(splitAtMatches('Costs 1.50 (or 1x50)', '1.50')).toEqual(['Costs ', '1.50', ' (or 1x50)']);
    expect(splitAtMatches('No hit here', 'refund')).toEqual(['No hit here']);
    expect(splitAtMatches('Anything', '  ')).toEqual(['Anything']);
  });

  it('marks the hits', () => {
    const { container } = render(<MatchSnippet text="…about the Parcel and the parcel" query="parcel" />);
    expect([...container.querySelectorAll('mark')].map((mark) => mark.textContent)).toEqual(['Parcel', 'parcel']);
    expect(container.textContent).toBe('…about the Parcel and the parcel');
  });
});
