import type { DeviceKind } from '@swap/contracts';

/** Something a device reported was persisted: the screens watching that device may refresh. */
export interface DeviceChange {
  /** A device's kind, or `station` for a station's business alarm (`number`: the station's id). */
  kind: DeviceKind | 'station';
  number: string;
  /** The uplink channel (state, telemetry, event, cmd-result, ...) or a server-side one (command). */
  channel: string;
  /** Announced by another server of the same database (change-relay.ts), not by this one. */
  relayed?: boolean;
  /**
   * The tenant the change concerns, when the announcer knows it (an alarm's merchant; null: the
   * platform's own): a screen of another merchant need not hear it (docs/dashboard.md, "Live").
   */
  merchantId?: number | null;
  /** A cabinet's state that took it online or offline (not only a report of its compartments). */
  linkChanged?: boolean;
}

export type DeviceSender = (topic: string, payload: unknown) => Promise<void>;

/**
 * What the HTTP side needs from the device link, whatever carries it: hear what changed on a
 * device, and send a message to one. The link attaches itself when it connects; until then (or with
 * the link disabled) sending fails, which callers present as "cabinet offline".
 */
export class DeviceHub {
  private readonly listeners = new Set<(change: DeviceChange) => void>();
  private sender: DeviceSender | undefined;
  private linkUp: () => boolean = () => true;

  /** Registers a listener; returns the function that removes it. */
  onChange(listener: (change: DeviceChange) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emitChange(change: DeviceChange): void {
    for (const listener of this.listeners) {
      try {
        listener(change);
      } catch {
        // A failing listener (a closed browser stream) must not stop the others or the link.
      }
    }
  }

  /** How many listeners are registered (open live streams and the like). */
  get listenerCount(): number {
    return this.listeners.size;
  }

  /** `up` tells whether the link reaches its broker right now (an external broker may be away for a while). */
  attachSender(sender: DeviceSender | undefined, up: () => boolean = () => true): void {
    this.sender = sender;
    this.linkUp = up;
  }

  get connected(): boolean {
    return this.sender !== undefined && this.linkUp();
  }

  async send(topic: string, payload: unknown): Promise<void> {
    if (!this.sender) throw new Error('device link not connected');
    await this.sender(topic, payload);
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The device link as routes see it (commands, live updates). */
    deviceHub: DeviceHub;
  }
}
