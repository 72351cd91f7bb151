export interface BatcherOptions {
  /** Items per batch at most. */
  maxBatch: number;
  /** How long the first item of a batch waits for company, ms. */
  maxDelayMs: number;
}

interface Batch<T> {
  items: T[];
  /** Resolves once the batch ran, with the items it could not store. */
  done: Promise<ReadonlySet<T>>;
  resolve: (unstored: ReadonlySet<T>) => void;
}

const NONE: ReadonlySet<never> = new Set();

/**
 * Collects items into batches and runs them one batch at a time, in order. A batch runs when it is
 * full, when its first item has waited `maxDelayMs`, or at once after the previous batch when items
 * piled up meanwhile (under load, batches grow by themselves). `run` must not throw: it owns its
 * retries and logging, and answers the items it could not store now (the database is away), so
 * their senders are not told they were stored.
 */
export class Batcher<T> {
  private readonly waiting: Batch<T>[] = [];
  /** The batch being persisted, if any. */
  private running: Promise<void> | undefined;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly run: (items: T[]) => Promise<ReadonlySet<T> | void>,
    private readonly options: BatcherOptions,
  ) {}

  get size(): number {
    return this.waiting.reduce((sum, batch) => sum + batch.items.length, 0);
  }

  /** Queues an item; resolves once its batch ran: true unless the item could not be stored now. */
  add(item: T): Promise<boolean> {
    let batch = this.waiting[this.waiting.length - 1];
    if (!batch || batch.items.length >= this.options.maxBatch) {
      let resolve!: (unstored: ReadonlySet<T>) => void;
      const done = new Promise<ReadonlySet<T>>((r) => (resolve = r));
      batch = { items: [], done, resolve };
      this.waiting.push(batch);
    }
    batch.items.push(item);
    if (this.waiting.length > 1 || batch.items.length >= this.options.maxBatch) this.kick();
    else this.timer ??= setTimeout(() => this.kick(), this.options.maxDelayMs);
    return batch.done.then((unstored) => !unstored.has(item));
  }

  /** Runs everything queued now (orderly shutdown); resolves when all of it ran, the batch already running too. */
  async flush(): Promise<void> {
    const last = this.waiting[this.waiting.length - 1];
    this.kick();
    await Promise.all([this.running, last?.done]);
  }

  private kick(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.running) return;
    const batch = this.waiting.shift();
    if (!batch) return;
    this.running = this.run(batch.items)
      .then(
        (unstored) => unstored ?? NONE,
        () => new Set(batch.items),
      )
      .then((unstored) => {
        this.running = undefined;
        batch.resolve(unstored);
        this.kick();
      });
  }
}
