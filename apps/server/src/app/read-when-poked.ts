/**
 * How a live stream follows announcements (docs/api.md, "Live streams"): `read` runs at once when
 * poked (once the poking turn ends, so the changes of one stored batch, announced in one loop, are
 * one read; no timer), one read at a time; the pokes that come while a read runs (the next batches'
 * changes) ask for one more read after it, which gathers them all. So the first change goes out
 * without waiting, and a burst costs two reads, not one each. With `gapMs`, a read starts no sooner than that after
 * the last one started (a rate limit): pokes in between are gathered into one read at the gap's end.
 * `read` must not throw. Answers the poke; its `stop` drops a read still waiting for its gap.
 */
export function readWhenPoked(read: () => void | Promise<void>, gapMs = 0): (() => void) & { stop(): void } {
  let reading = false;
  let again = false;
  let stopped = false;
  let lastStart = Number.NEGATIVE_INFINITY;
  let timer: NodeJS.Timeout | undefined;
  let queued = false;
  const start = () => {
    timer = undefined;
    queued = false;
    if (stopped) return;
    reading = true;
    again = false;
    lastStart = Date.now();
    void Promise.resolve(read()).then(() => {
      reading = false;
      if (again) poke();
    });
  };
  const poke = () => {
    if (stopped) return;
    if (reading) again = true;
    else if (timer === undefined && !queued) {
      const wait = lastStart + gapMs - Date.now();
      if (wait > 0) timer = setTimeout(start, wait);
      else {
        queued = true;
        queueMicrotask(start);
      }
    }
  };
  return Object.assign(poke, {
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  });
}
