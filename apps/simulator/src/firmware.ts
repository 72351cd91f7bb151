import { createHash } from 'node:crypto';
import type { FirmwareImage, FirmwareStatus, FirmwareStatusReport } from '@swap/contracts';

/** The failures a firmware update can be made to meet (docs/device-protocol.md, "Firmware"). */
export const FIRMWARE_FAILURES = ['DownloadFailed', 'InvalidChecksum', 'InstallationFailed'] as const;
export type FirmwareFailure = (typeof FIRMWARE_FAILURES)[number];

/** How a simulated cabinet updates its firmware: how long each step takes, how often it fails, how it downloads. */
export interface FirmwareBehaviour {
  /** The download takes this long, ms (drawn from the range). */
  downloadMs: [number, number];
  /** The installation takes this long, ms; the cabinet restarts into the new version at its end. */
  installMs: [number, number];
  /** Chance per update of each failure, 0–1: a download that breaks, a corrupted image (caught by the SHA-256), an installation that fails. */
  failureRates: Partial<Record<FirmwareFailure, number>>;
  /** Fetches the image of the link; by default an https GET. Tests route the link to their server. */
  fetch: (url: string) => Promise<Buffer>;
}

async function httpsFetch(url: string): Promise<Buffer> {
  const answer = await fetch(url, { signal: AbortSignal.timeout(60_000) });
  if (!answer.ok) throw new Error(`download answered ${answer.status}`);
  return Buffer.from(await answer.arrayBuffer());
}

export const DEFAULT_FIRMWARE_BEHAVIOUR: FirmwareBehaviour = {
  downloadMs: [2_000, 8_000],
  installMs: [5_000, 15_000],
  failureRates: {},
  fetch: httpsFetch,
};

/** What the updater needs from its cabinet. */
export interface FirmwareTarget {
  publishStatus(report: FirmwareStatusReport): Promise<void>;
  /** The new version runs: the cabinet republishes its state with it. */
  installed(version: string): Promise<void>;
}

/**
 * A cabinet's side of a FIRMWARE_UPDATE: Downloading, then the image fetched through its link
 * (DownloadFailed when that fails), its size and SHA-256 checked (InvalidChecksum), Installing,
 * then Installed with the new version in the cabinet's state, or InstallationFailed.
 */
export class FirmwareUpdater {
  private readonly queued: FirmwareFailure[] = [];
  /** Updates carried out to the end (installed). */
  installedCount = 0;
  version: string;

  constructor(
    private readonly target: FirmwareTarget,
    readonly behaviour: FirmwareBehaviour,
    private readonly random: () => number,
    initialVersion: string,
  ) {
    this.version = initialVersion;
  }

  /** The next update fails this way (tests); several calls queue several failures. */
  failNext(failure: FirmwareFailure): void {
    this.queued.push(failure);
  }

  private pick(): FirmwareFailure | undefined {
    const queued = this.queued.shift();
    if (queued) return queued;
    for (const failure of FIRMWARE_FAILURES) {
      const rate = this.behaviour.failureRates[failure] ?? 0;
      if (rate > 0 && this.random() < rate) return failure;
    }
    return undefined;
  }

  private wait([min, max]: [number, number]): Promise<void> {
    if (max <= 0) return Promise.resolve();
    return new Promise((resolve) => setTimeout(resolve, min + this.random() * (max - min)).unref());
  }

  /** Runs one update to its end; answers the last status reported. */
  async update(commandId: string, image: FirmwareImage): Promise<FirmwareStatus> {
    const report = async (status: FirmwareStatus) => {
      await this.target.publishStatus({ commandId, version: image.version, status, ts: new Date().toISOString() });
      return status;
    };
    const failure = this.pick();
    await report('Downloading');
    await this.wait(this.behaviour.downloadMs);
    let data: Buffer;
    try {
      if (failure === 'DownloadFailed') throw new Error('connection lost');
      data = await this.behaviour.fetch(image.url);
    } catch {
      return report('DownloadFailed');
    }
    // A corrupted transfer: one byte flipped, which the checksum catches.
    if (failure === 'InvalidChecksum' && data.length > 0) {
      data = Buffer.from(data);
      data[0] = data[0]! ^ 0xff;
    }
    await report('Downloaded');
    const sha256 = createHash('sha256').update(data).digest('hex');
    if (data.length !== image.size || sha256 !== image.sha256) return report('InvalidChecksum');
    await report('Installing');
    await this.wait(this.behaviour.installMs);
    if (failure === 'InstallationFailed') return report('InstallationFailed');
    this.version = image.version;
    this.installedCount += 1;
    const done = await report('Installed');
    await this.target.installed(image.version);
    return done;
  }
}

/** `DownloadFailed=0.05,InvalidChecksum=0.02` → rates (the simulator's --firmware-failures). */
export function parseFirmwareFailureRates(text: string): Partial<Record<FirmwareFailure, number>> {
  const rates: Partial<Record<FirmwareFailure, number>> = {};
  for (const part of text.split(',').filter(Boolean)) {
    const [name, value] = part.split('=');
    if (!(FIRMWARE_FAILURES as readonly string[]).includes(name ?? '')) throw new Error(`unknown firmware failure ${name}`);
    const rate = Number(value);
    if (!(rate >= 0 && rate <= 1)) throw new Error(`firmware failure rate of ${name} must be between 0 and 1`);
    rates[name as FirmwareFailure] = rate;
  }
  return rates;
}
