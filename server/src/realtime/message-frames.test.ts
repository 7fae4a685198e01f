import { createMessageFrames } from './message-frames';

describe('messages frames', () => {
  let clock = 0;
  let frames: Array<[string, unknown[]]>;
  const framesOf = () => createMessageFrames((room, payloads) => frames.push([room, payloads]), { now: () => clock });
  const advance = (ms: number) => {
    clock += ms;
    jest.advanceTimersByTime(ms);
  };

  beforeEach(() => {
    jest.useFakeTimers();
    clock = 1_000;
    frames = [];
  });
  afterEach(() => jest.useRealTimers());

  it('sends the events of one turn of the event loop together, at its end', () => {
    const messageFrames = framesOf();
    messageFrames.add('messages:a', 1);
    messageFrames.add('messages:a', 2);
    expect(frames).toEqual([]);
    advance(0);
    expect(frames).toEqual([['messages:a', [1, 2]]]);
  });

  it('gathers the events that follow within 16 ms into the next frame, in order, each once', () => {
    const messageFrames = framesOf();
    messageFrames.add('messages:a', 1);
    advance(0);
    advance(5);
    messageFrames.add('messages:a', 2);
    advance(5);
    messageFrames.add('messages:b', 3);
    messageFrames.add('messages:a', 4);
    expect(frames).toEqual([['messages:a', [1]]]);
    advance(5);
    expect(frames).toHaveLength(1);
    advance(1);
    expect(frames).toEqual([
      ['messages:a', [1]],
      ['messages:a', [2, 4]],
      ['messages:b', [3]],
    ]);
    advance(100);
    expect(frames).toHaveLength(3);
  });

  it('sends at once again after a quiet frame', () => {
    const messageFrames = framesOf();
    messageFrames.add('messages:a', 1);
    advance(0);
    advance(16);
    messageFrames.add('messages:a', 2);
    advance(0);
    expect(frames).toEqual([
      ['messages:a', [1]],
      ['messages:a', [2]],
    ]);
  });

  it('sends what waits on flush, and nothing twice', () => {
    const messageFrames = framesOf();
    messageFrames.add('messages:a', 1);
    advance(0);
    advance(2);
    messageFrames.add('messages:a', 2);
    messageFrames.flush();
    expect(frames).toEqual([
      ['messages:a', [1]],
      ['messages:a', [2]],
    ]);
    advance(100);
    messageFrames.flush();
    expect(frames).toHaveLength(2);
  });
});
