import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LIVE_MAX_RATE, liveApi, type LiveEvent, type LiveKind } from '@swap/contracts';
import { SENT, serve } from '../../app/route.js';
import type { Ctx } from '../../app/context.js';
import { batteryDetail } from '../battery/index.js';
import { cabinetDetail, cabinetNumbersInStation, compartmentOfBattery } from '../cabinet/index.js';
import { visibleStation } from '../station/index.js';
import type { DeviceHub } from '../../app/device-hub.js';
import { eventStreams, type OpenEventStream } from '../../app/event-stream.js';
import { readWhenPoked } from '../../app/read-when-poked.js';

/** A stream following a changing set of devices (a station's cabinets) reads the set again at most this often. */
const REREAD_MS = 1000;

/** The devices a stream follows: a fixed set, or one read again when a device outside it reports (it may have joined). */
interface Follows {
  numbers: ReadonlySet<string>;
  reread?: () => Promise<ReadonlySet<string>>;
  /**
   * The cabinet holding the followed battery (null: none), read again when the battery reports (it
   * may have moved): its state (online, offline, its compartments) is sent as the channel `cabinet`.
   */
  holder?: () => Promise<string | null>;
}

/** Each kind: the tenant-checked lookup of its number (the permission is its declaration's). */
const KINDS: Record<
  LiveKind,
  { numberOf: (ctx: Ctx, id: number) => Promise<string>; holder?: (ctx: Ctx, id: number) => Promise<string | null> }
> = {
  cabinet: { numberOf: async (ctx, id) => (await cabinetDetail(ctx, id)).number },
  // A battery's page also follows the cabinet holding it (whether its commands can reach it), with the battery's own permission.
  battery: {
    numberOf: async (ctx, id) => (await batteryDetail(ctx, id)).number,
    holder: async (ctx, id) => (await compartmentOfBattery(ctx.db, ctx, id))?.cabinetNumber ?? null,
  },
};

/**
 * Streams the changes of one device, or of the devices `follows` names (a station's cabinets), as
 * Server-Sent Events. The device is looked up (and the caller's tenant checked) before the stream
 * opens, so a refusal is an ordinary error envelope. A change is sent at once; what changes within
 * the next 1/LIVE_MAX_RATE of a second is gathered into one more event at its end (readWhenPoked),
 * each naming every channel that changed (and the device last heard). With
 * `follows.reread`, a report of a device outside the set waits for the set to be read again (at most
 * once every REREAD_MS), so a cabinet that joins the station while the stream is open is followed
 * from its next report, and one that left is no longer.
 */
function openStream(
  hub: DeviceHub,
  open: OpenEventStream,
  req: FastifyRequest,
  reply: FastifyReply,
  device: Omit<LiveEvent, 'channels'>,
  follows: Follows = { numbers: new Set([device.number]) },
) {
  const stream = open(req, reply, { ...device, channels: [] } satisfies LiveEvent);
  const pending = new Set<string>();
  let lastHeard = device.number;
  const flush = readWhenPoked(() => {
    if (pending.size === 0 || stream.closed) return;
    stream.send('change', { ...device, number: lastHeard, channels: [...pending] } satisfies LiveEvent);
    pending.clear();
  }, 1000 / LIVE_MAX_RATE);
  const heard = (number: string, channel: string) => {
    pending.add(channel);
    lastHeard = number;
    flush();
  };
  let numbers = follows.numbers;
  /** Reports of devices outside the set, heard since the set was last read: number → channels. */
  const outside = new Map<string, Set<string>>();
  let lastRead = Date.now();
  let rereadTimer: NodeJS.Timeout | undefined;
  const reread = async () => {
    lastRead = Date.now();
    const heardOutside = [...outside];
    outside.clear();
    try {
      numbers = (await follows.reread?.()) ?? numbers;
    } catch {
      // The database did not answer this time: the set stays, and the next report outside it tries again.
    } finally {
      rereadTimer = undefined;
    }
    if (stream.closed) return;
    for (const [number, channels] of heardOutside) if (numbers.has(number)) for (const channel of channels) heard(number, channel);
  };
  let holder: string | null = null;
  let holderRead: Promise<void> | undefined;
  let holderAgain = false;
  const readHolder = () => {
    if (!follows.holder) return;
    if (holderRead) {
      holderAgain = true;
      return;
    }
    holderRead = follows
      .holder()
      .then((number) => void (holder = number))
      .catch(() => undefined) // The database did not answer: the last known holder stays until the battery reports again.
      .finally(() => {
        holderRead = undefined;
        if (holderAgain && !stream.closed) {
          holderAgain = false;
          readHolder();
        }
      });
  };
  readHolder();
  const unsubscribe = hub.onChange((change) => {
    if (follows.holder && change.kind === 'cabinet' && change.channel === 'state' && change.number === holder)
      return heard(device.number, 'cabinet');
    if (change.kind !== device.kind) return;
    if (follows.holder && numbers.has(change.number)) readHolder();
    if (numbers.has(change.number)) return heard(change.number, change.channel);
    if (!follows.reread) return;
    const channels = outside.get(change.number) ?? new Set<string>();
    outside.set(change.number, channels.add(change.channel));
    rereadTimer ??= setTimeout(() => void reread(), Math.max(0, lastRead + REREAD_MS - Date.now()));
  });
  stream.onClose(() => {
    unsubscribe();
    flush.stop();
    clearTimeout(rereadTimer);
  });
}

/** Live streams of the detail screens: GET /api/oms/{cabinet,battery}/live?id=. */
export function registerLiveRoutes(app: FastifyInstance): void {
  const open = eventStreams(app);
  for (const [kind, { numberOf, holder }] of Object.entries(KINDS) as [LiveKind, (typeof KINDS)[LiveKind]][]) {
    serve(app, liveApi[kind].live, async ({ input, ctx, req, reply }) => {
      const number = await numberOf(ctx, input.id);
      openStream(
        app.deviceHub,
        open,
        req,
        reply,
        { kind, id: input.id, number },
        {
          numbers: new Set([number]),
          ...(holder ? { holder: () => holder(ctx, input.id) } : {}),
        },
      );
      return SENT;
    });
  }
  // A station's detail follows the cabinets standing in it, those that join while it is open too (docs/stations-and-maps.md).
  serve(app, liveApi.stationCabinets.live, async ({ input, ctx, req, reply }) => {
    await visibleStation(ctx, input.id);
    const inStation = async () => new Set(await cabinetNumbersInStation(ctx.db, ctx, input.id));
    const numbers = await inStation();
    const device = { kind: 'cabinet' as const, id: input.id, number: [...numbers][0] ?? '' };
    openStream(app.deviceHub, open, req, reply, device, { numbers, reread: inStation });
    return SENT;
  });
}
