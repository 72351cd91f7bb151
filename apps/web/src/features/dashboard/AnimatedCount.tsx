import { useEffect, useRef, useState } from 'react';
import { formatNumber } from '../../shared/format';

/** A counter's change is drawn over this long (the spec's dashboard counter animation). */
export const COUNTER_MS = 5000;

const reducedMotion = () => typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;

/**
 * A number that counts from what it showed to its new value over COUNTER_MS (from zero at first),
 * easing out; at once for readers who ask for reduced motion. `data-value` holds the value it heads for.
 */
export function AnimatedCount({ value, decimals = 0 }: { value: number; decimals?: number }) {
  const [shown, setShown] = useState(() => (reducedMotion() ? value : 0));
  // What is on screen now, where the next change starts from (written by the animation only).
  const current = useRef(shown);
  useEffect(() => {
    const start = current.current;
    const began = performance.now();
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
