import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { formatNumber } from '../../shared/format';
import { COUNTER_MS } from './figuresLook';

const reducedMotion = () => typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;

/** Where the count from zero stands `since` (performance.now()) after it began, eased out. */
const countedFrom = (value: number, since: number | undefined) => {
  if (since === undefined) return 0;
  const progress = Math.min(1, Math.max(0, performance.now() - since) / COUNTER_MS);
  return progress >= 1 ? value : value * (1 - (1 - progress) ** 3);
};

/**
 * A number that counts from what it showed to its new value over COUNTER_MS (from zero at first),
 * easing out; at once for readers who ask for reduced motion. `data-value` holds the value it heads for.
 * `since`: its first count from zero began then (performance.now()), on the picture of the page
 * drawn before its code (docs/dashboard.md, "First paint"), so it goes on from where that stands.
 */
export function AnimatedCount({ value, decimals = 0, since }: { value: number; decimals?: number; since?: number }) {
  const [shown, setShown] = useState(() => (reducedMotion() ? value : countedFrom(value, since)));
  // What is on screen now, where the next change starts from (written by the animation only).
  const current = useRef(shown);
  // The picture's start, for the first count only.
  const first = useRef(since);
  // Where the picture's count stands as this is first painted (a render may take a while).
  useLayoutEffect(() => {
    if (first.current === undefined || reducedMotion()) return;
    current.current = countedFrom(value, first.current);
    setShown(current.current);
    // Once, before the first paint.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  useEffect(() => {
    const start = first.current === undefined ? current.current : 0;
    const began = first.current ?? performance.now();
    first.current = undefined;
    let frame = 0;
    const step = (now: number) => {
      const progress = start === value || reducedMotion() ? 1 : Math.min(1, (now - began) / COUNTER_MS);
      const eased = 1 - (1 - progress) ** 3;
      const next = progress >= 1 ? value : start + (value - start) * eased;
      current.current = next;
      setShown(next);
      if (progress < 1) frame = requestAnimationFrame(step);
    };
    frame = requestAnimationFrame(step);
    return () => cancelAnimationFrame(frame);
  }, [value]);
  const factor = 10 ** decimals;
  return (
    <span className="dashboard-count" data-value={value}>
      {formatNumber(Math.round(shown * factor) / factor)}
    </span>
  );
}
