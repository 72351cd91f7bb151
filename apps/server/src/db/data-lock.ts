import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Another server holds the data folder: its database files must not be opened twice. */
export class DataFolderInUse extends Error {
  constructor(
    readonly folder: string,
    readonly holder: LockHolder,
  ) {
    const where = holder.host === os.hostname() ? `pid ${holder.pid}` : `pid ${holder.pid} on host ${holder.host}`;
    super(
      `The data folder ${folder} is in use by another server (${where}). One data folder serves one server: ` +
        'stop that server first, or give this one its own DATA_DIR (or a DATABASE_URL).',
    );
    this.name = 'DataFolderInUse';
  }
}

interface LockHolder {
  pid: number;
  host: string;
  /** The holder's start time as the kernel counts it, when known: a reused pid is not the holder. */
  started: string | null;
}

export interface DataLock {
  release(): void;
}

/** The lock is refreshed this often; a holder on another host whose lock is older than STALE_MS is gone. */
const REFRESH_MS = 5_000;
const STALE_MS = 20_000;

/** A process's start time from /proc (Linux); null where there is none. */
function startTime(pid: number): string | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name may hold spaces and parentheses: fields count from the last ')'.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

function running(holder: LockHolder): boolean {
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  const started = startTime(holder.pid);
  return holder.started === null || started === null || started === holder.started;
}

function readHolder(file: string): { holder: LockHolder; ageMs: number } | undefined {
  try {
    const text = fs.readFileSync(file, 'utf8');
    const ageMs = Date.now() - fs.statSync(file).mtimeMs;
    const parsed = JSON.parse(text) as Partial<LockHolder>;
    if (typeof parsed.pid !== 'number' || typeof parsed.host !== 'string') return { holder: UNREADABLE, ageMs };
    return { holder: { pid: parsed.pid, host: parsed.host, started: parsed.started ?? null }, ageMs };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    return { holder: UNREADABLE, ageMs: ageOf(file) };
  }
}

function ageOf(file: string): number {
  try {
    return Date.now() - fs.statSync(file).mtimeMs;
  } catch {
    return Infinity;
  }
}

const UNREADABLE: LockHolder = { pid: 0, host: '', started: null };
/** An unreadable lock younger than this is being written by a starting server; older, its writer died mid-write. */
const WRITING_MS = 2_000;

function pause(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/**
 * Does the holder still run? On this host the process table tells at once, so a server killed
 * with -9 never blocks the next start. A holder on another host (a container sharing the volume)
 * cannot be seen: it counts as running while it keeps its lock fresh.
 */
function held(holder: LockHolder, ageMs: number): boolean {
  if (holder.pid <= 0) return ageMs < WRITING_MS;
  if (holder.host === os.hostname()) return running(holder);
  return ageMs < STALE_MS;
}

/**
 * Takes the data folder for this process: a lock file created exclusively (O_EXCL) naming the
 * holder. A lock whose holder is gone is taken over; one whose holder runs refuses with
 * DataFolderInUse. See docs/security.md (one data folder, one server).
 */
export function lockDataFolder(folder: string): DataLock {
  fs.mkdirSync(folder, { recursive: true });
  const file = path.join(folder, 'server.lock');
  const me: LockHolder = { pid: process.pid, host: os.hostname(), started: startTime(process.pid) };
  const content = `${JSON.stringify(me)}\n`;
  for (let attempt = 0; attempt < 50; attempt++) {
    try {
      fs.writeFileSync(file, content, { flag: 'wx' });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const current = readHolder(file);
      if (!current) continue;
      if (current.holder.pid <= 0 && held(current.holder, current.ageMs)) {
        pause(100);
        continue;
      }
      if (held(current.holder, current.ageMs)) throw new DataFolderInUse(folder, current.holder);
      // Set the stale lock aside rather than deleting it: if another starting server took it over
      // meanwhile, what was set aside is that server's lock, and it goes back.
      const aside = `${file}.${process.pid}.stale`;
      try {
        fs.renameSync(file, aside);
      } catch (renameError) {
        if ((renameError as NodeJS.ErrnoException).code === 'ENOENT') continue;
        throw renameError;
      }
      const moved = readHolder(aside);
      if (moved && held(moved.holder, moved.ageMs)) {
        try {
          fs.linkSync(aside, file);
        } finally {
          fs.rmSync(aside, { force: true });
        }
        throw new DataFolderInUse(folder, moved.holder);
      }
      fs.rmSync(aside, { force: true });
      continue;
    }
    const refresh = setInterval(() => {
      const now = new Date();
      try {
        fs.utimesSync(file, now, now);
      } catch {
        // The folder went away; the database reports it on its next write.
      }
    }, REFRESH_MS);
    refresh.unref();
    let released = false;
    return {
      release: () => {
        if (released) return;
        released = true;
        clearInterval(refresh);
        if (readHolder(file)?.holder.pid === me.pid) fs.rmSync(file, { force: true });
      },
    };
  }
  throw new Error(`Could not take the data folder ${folder}: its lock file keeps changing`);
}
