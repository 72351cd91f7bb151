import mqtt, { type MqttClient } from 'mqtt';
import { TOPIC_ROOT } from '@swap/contracts';
import { uplinkFilters } from './handlers.js';
import type { DeliverUplink, DeviceTransport, LinkLog, TelemetryRoom } from './link.js';

/**
 * What the gateway subscribes to on an external broker, per connection. Without a group: every
 * uplink channel it handles. With a group: through `$share/<group>/…`, so each message reaches one
 * of the servers; except two channels every server reads, subscribed plainly:
 * - the cabinets' state, because brokers do not hand retained messages to shared subscriptions and
 *   a starting server must learn the cabinets' last states (a state is a whole snapshot, so
 *   applying it on several servers is harmless);
 * - command results, because the request waiting for its command's end is held by the server
 *   that sent it (a result is applied once; the other servers find it applied and wake their waiter).
 */
export function gatewaySubscriptions(shareGroup: string | undefined): { telemetry: string[]; control: string[] } {
  const shared = (filter: string) => (shareGroup ? `$share/${shareGroup}/${filter}` : filter);
  const everyServer = new Set(['state', 'cmd-result'].map((channel) => `${TOPIC_ROOT}/cabinet/+/${channel}`));
  return {
    telemetry: uplinkFilters('telemetry').map(shared),
    control: uplinkFilters('control').map((filter) => (everyServer.has(filter) ? filter : shared(filter))),
  };
}

export interface BrokerAccount {
  url: string;
  username: string;
  password: string;
  shareGroup: string | undefined;
}

/**
 * The gateway on an external broker (Mosquitto, EMQX): two connections, one for telemetry and one
 * for the control channels and every downlink message. A broker delivers a connection's messages in
 * order, so on one connection a command's result would queue behind whatever telemetry the server
 * has not read yet; on its own it arrives at once. The telemetry connection reads (and
 * acknowledges) a report only while the link has room for it: past the link's bound it stops until
 * the batches drained, and the reports wait in the broker, not in the server's memory
 * (docs/scaling.md, "Telemetry under load").
 */
export function externalBrokerTransport(account: BrokerAccount, log: LinkLog): DeviceTransport {
  const clients: MqttClient[] = [];
  /** Connections whose subscriptions are in place: the link is up only once every lane hears again. */
  const subscribed = new Set<MqttClient>();
  let control: MqttClient | undefined;
  const connect = async (lane: string, filters: string[], deliver: DeliverUplink, room?: TelemetryRoom): Promise<MqttClient> => {
    const client = await mqtt.connectAsync(account.url, {
      username: account.username,
      password: account.password,
      clientId: `gateway-${lane}-${process.pid}-${Math.random().toString(36).slice(2, 8)}`,
      reconnectPeriod: 2000,
      // Subscribed again below after a reconnect, so "connected" waits for the broker's acknowledgement.
      resubscribe: false,
    });
    clients.push(client);
    const subscribe = async () => {
      for (const filter of filters) await client.subscribeAsync(filter, { qos: 1 });
      subscribed.add(client);
    };
    /** Counts the connection's ends: a reading held past one is not resumed on the next (its acknowledgement would name another session's message). */
    let ends = 0;
    client.on('close', () => {
      subscribed.delete(client);
      ends++;
    });
    client.on('connect', (connack) => {
      if (subscribed.has(client)) return;
      if (connack.sessionPresent) {
        subscribed.add(client);
        return;
      }
      subscribe().catch((error: unknown) =>
        log.warn({ lane, error: error instanceof Error ? error.message : String(error) }, 'device link: subscribing again failed'),
      );
    });
    // Commands and their results are small: send each at once (no Nagle delay), on every reconnect too.
    const noDelay = () => (client.stream as { setNoDelay?: (on: boolean) => void } | undefined)?.setNoDelay?.(true);
    noDelay();
    client.on('connect', noDelay);
    // The external broker acknowledged the device on receipt; a message the database could not take
    // now is logged by the link and lost (the gateway's sessions are not persistent). The client
    // reads the connection's next message and acknowledges this one (QoS 1) once `callback` runs:
    // held while the link has no room, the broker keeps the rest of the telemetry queued meanwhile.
    client.handleMessage = (packet, callback) => {
      void deliver(packet.topic, typeof packet.payload === 'string' ? Buffer.from(packet.payload) : packet.payload, packet.retain);
      const waiting = room?.();
      if (!waiting) return callback();
      const held = ends;
      void waiting.then(() => {
        if (held === ends) callback();
      });
    };
    client.on('error', (error) => log.warn({ lane, error: error.message }, 'device link error'));
    await subscribe();
    return client;
  };
  return {
    description: new URL(account.url).host,
    get connected() {
      return clients.length > 0 && clients.every((client) => client.connected && subscribed.has(client));
    },
    open: async (deliver, room) => {
      const filters = gatewaySubscriptions(account.shareGroup);
      control = await connect('control', filters.control, deliver);
      await connect('telemetry', filters.telemetry, deliver, room);
    },
    publish: async (topic, payload) => {
      if (!control) throw new Error('device link not connected');
      await control.publishAsync(topic, payload, { qos: 1 });
    },
    close: async () => {
      control = undefined;
      subscribed.clear();
      await Promise.all(clients.splice(0).map((client) => client.endAsync(true)));
    },
  };
}
