import { useCallback, useEffect, useRef, useState } from 'react';

/** A text that shows for `ms` milliseconds after each `show`, then clears itself. */
export function useTimedText(ms: number): [string | null, (text: string) => void] {
  const [text, setText] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const show = useCallback(
    (next: string) => {
      clearTimeout(timer.current);
      setText(next);
      timer.current = setTimeout(() => setText(null), ms);
    },
    [ms],
  );
  return [text, show];
}
