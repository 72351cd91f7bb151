/** A place in the gate's line: `ready` once the work may start; `leave` when it ends. */
export interface Turn {
  readonly ready: Promise<void>;
  /** Moves a waiting turn to the urgent line (a command's result waits behind it). */
  hurry(): void;
  leave(): void;
}

interface Waiter {
  start: () => void;
  urgent: boolean;
  started: boolean;
}

/**
 * How many control messages the link handles at once (docs/scaling.md, "State reports under
 * load"): at most `limit`, so a storm of cabinet states never takes more of the database's
 * connections than that, and operators' requests keep the rest. Urgent work (command results, swap
 * events, authorizations) goes before waiting states, each line in arrival order.
 */
export class ControlGate {
  private running = 0;
  private readonly urgent: Waiter[] = [];
  private readonly later: Waiter[] = [];

  constructor(readonly limit: number) {
    if (!Number.isInteger(limit) || limit < 1) throw new Error(`control concurrency must be a whole number of at least 1, not ${limit}`);
  }

  /** Work waiting for its turn. */
  get waiting(): number {
    return this.urgent.length + this.later.length;
  }

  enter(urgent: boolean): Turn {
    let start!: () => void;
    const ready = new Promise<void>((resolve) => (start = resolve));
    const waiter: Waiter = { start, urgent, started: false };
    (urgent ? this.urgent : this.later).push(waiter);
    this.next();
    let left = false;
    return {
      ready,
      hurry: () => {
        if (waiter.started || waiter.urgent) return;
        waiter.urgent = true;
        this.later.splice(this.later.indexOf(waiter), 1);
        this.urgent.push(waiter);
      },
      leave: () => {
        if (left || !waiter.started) return;
        left = true;
        this.running--;
        this.next();
      },
    };
  }

  private next(): void {
    while (this.running < this.limit) {
      const waiter = this.urgent.shift() ?? this.later.shift();
      if (!waiter) return;
      waiter.started = true;
      this.running++;
      waiter.start();
    }
  }
}
