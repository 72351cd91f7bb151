import { availableParallelism } from 'node:os';
import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { AppError } from '../../app/errors.js';

function scrypt(password: string, salt: Buffer, keylen: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scryptCb(password, salt, keylen, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

/** OWASP's scrypt parameters: N=2^17, r=8, p=1. Tests may lower N (FAST_PASSWORD_HASHING=1). */
const STRONG = { N: 2 ** 17, r: 8, p: 1 };
const FAST = { N: 2 ** 10, r: 8, p: 1 };
const KEY_LENGTH = 32;

let cost = STRONG;
export function useFastPasswordHashing(fast: boolean): void {
  cost = fast ? FAST : STRONG;
}

/**
 * Hashes running at once. Each strong hash holds a core and 128 MB for a few hundred milliseconds in
 * libuv's thread pool (4 threads), so one core is left to the rest of the API (docs/security.md).
 */
export const defaultHashConcurrency = () => Math.max(1, Math.min(3, availableParallelism() - 1));
/** Hashes that may wait for a slot, per slot; beyond that a hash is refused at once. */
const QUEUE_PER_SLOT = 8;

let concurrency = defaultHashConcurrency();
let running = 0;
const waiting: (() => void)[] = [];
let gate: Promise<void> | undefined;
const stats = { hashes: 0, checks: 0, refused: 0, peak: 0 };

export function configurePasswordHashing(options: { concurrency: number | undefined }): void {
  concurrency = Math.max(1, options.concurrency ?? defaultHashConcurrency());
}

/** What the hashing limiter has done since the last reset (tests count checks against the sign-in budget). */
export function passwordHashStats(): { hashes: number; checks: number; refused: number; peak: number; running: number; waiting: number } {
  return { ...stats, running, waiting: waiting.length };
}

export function resetPasswordHashStats(): void {
  Object.assign(stats, { hashes: 0, checks: 0, refused: 0, peak: running });
}

/** Tests only: hashes that got a slot wait until the returned function is called. */
export function holdPasswordHashing(): () => void {
  let release!: () => void;
  gate = new Promise<void>((resolve) => (release = resolve));
  return () => {
    gate = undefined;
    release();
  };
}

/** Runs one hash when a slot is free; with the wait queue full it answers "busy" without hashing. */
async function inHashSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running < concurrency) running++;
  else if (waiting.length >= concurrency * QUEUE_PER_SLOT) {
    stats.refused++;
    throw new AppError('passwordCheckBusy');
  } else await new Promise<void>((resolve) => waiting.push(resolve)); // the slot is handed over as is
  try {
    stats.peak = Math.max(stats.peak, running);
    if (gate) await gate;
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

function derive(password: string, salt: Buffer, keylen: number, params: { N: number; r: number; p: number }): Promise<Buffer> {
  return scrypt(password.normalize('NFKC'), salt, keylen, { ...params, maxmem: 256 * 1024 * 1024 });
}

/** Format: scrypt$N$r$p$salt$hash (base64), so parameters can rise later without breaking old hashes. */
export async function hashPassword(password: string): Promise<string> {
  return inHashSlot(async () => {
    stats.hashes++;
    return encode(password, cost);
  });
}

async function encode(password: string, params: { N: number; r: number; p: number }): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, KEY_LENGTH, params);
  return ['scrypt', params.N, params.r, params.p, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  return inHashSlot(async () => {
    stats.checks++;
    const key = await derive(password, Buffer.from(salt, 'base64'), expected.length, { N: Number(n), r: Number(r), p: Number(p) });
    return key.length === expected.length && timingSafeEqual(key, expected);
  });
}

/**
 * A hash to compare against when the account does not exist, so timing does not reveal it. Made
 * once outside the limiter, so a busy moment cannot leave a refusal cached here.
 */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= encode(randomBytes(12).toString('hex'), cost);
  return dummyHash;
}
