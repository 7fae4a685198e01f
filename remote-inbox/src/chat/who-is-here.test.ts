import { TypingTracker, typingSignal, typingText, type Colleague } from './who-is-here';

describe('TypingTracker', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  const tracked = () => {
    const lists: Colleague[][] = [];
    const tracker = new TypingTracker((list) => lists.push(list), 5000);
    return { tracker, lists, last: () => lists.at(-1) ?? [] };
  };

  it('shows a colleague until 5 s after their last typing event', () => {
    const { tracker, last } = tracked();
    tracker.handle({ userId: 'adam', fullName: 'Adam Smith' });
    expect(last()).toEqual([{ id: 'adam', fullName: 'Adam Smith' }]);
    jest.advanceTimersByTime(4000);
    tracker.handle({ userId: 'adam', fullName: 'Adam Smith' });
    jest.advanceTimersByTime(4000);
    expect(last()).toEqual([{ id: 'adam', fullName: 'Adam Smith' }]);
    jest.advanceTimersByTime(1000);
    expect(last()).toEqual([]);
  });

  it('drops a colleague at once when they stop or leave, keeping the others', () => {
    const { tracker, last } = tracked();
    tracker.handle({ userId: 'adam', fullName: 'Adam Smith' });
    tracker.handle({ userId: 'eve', fullName: 'Eve Ray' });
    tracker.handle({ userId: 'adam', fullName: 'Adam Smith', stopped: true });
    expect(last()).toEqual([{ id: 'eve', fullName: 'Eve Ray' }]);
    tracker.handle({ userId: 'adam', fullName: 'Adam Smith' });
    tracker.keepOnly(new Set(['adam', 'me']));
    expect(last()).toEqual([{ id: 'adam', fullName: 'Adam Smith' }]);
    tracker.dispose();
    jest.advanceTimersByTime(10_000);
    expect(last()).toEqual([{ id: 'adam', fullName: 'Adam Smith' }]);
  });
});

describe('typingSignal', () => {
  it('sends on the first change, then at most once per 3 s, and stopped once when the box is emptied', () => {
    let now = 0;
    const sent: boolean[] = [];
    const signal = typingSignal(
      (stopped) => sent.push(stopped),
      3000,
      () => now,
    );
    signal('H');
    now = 1000;
    signal('He');
    now = 2999;
    signal('Hel');
    expect(sent).toEqual([false]);
    now = 3000;
    signal('Hell');
    expect(sent).toEqual([false, false]);
    now = 3500;
    signal('');
    signal('');
    expect(sent).toEqual([false, false, true]);
    now = 3600;
    signal('A');
    expect(sent).toEqual([false, false, true, false]);
  });

  it('sends nothing for a box that was never typed in', () => {
    const sent: boolean[] = [];
    typingSignal((stopped) => sent.push(stopped))('  ');
    expect(sent).toEqual([]);
  });
});

describe('typingText', () => {
  it('names one or two colleagues and counts more', () => {
    const adam = { id: 'a', fullName: 'Adam Smith' };
    const eve = { id: 'e', fullName: 'Eve Ray' };
    expect(typingText([])).toBe('');
    expect(typingText([adam])).toBe('Adam Smith is typing…');
    expect(typingText([adam, eve])).toBe('Adam Smith and Eve Ray are typing…');
    expect(typingText([adam, eve, { id: 'z', fullName: 'Zoe' }])).toBe('3 people are typing…');
  });
});
