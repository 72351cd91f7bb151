import net from 'node:net';
import path from 'node:path';
import { DEFAULT_DEVICE_DEMO_SECRET } from '@swap/contracts';

/** What the embedded broker accepts from the network (docs/device-protocol.md, "Limits of the embedded broker"). */
export interface BrokerLimits {
  /** Largest MQTT packet, fixed header included: one announcing more closes the connection as its header arrives. */
  maxPacketBytes: number;
  /** Connections held at once; more are closed as they arrive. */
  maxConnections: number;
  /** A connection that has not sent its CONNECT by then is closed. */
  connectTimeoutMs: number;
}

/**
 * Control messages the device link handles at once by default (docs/scaling.md, "State reports
 * under load"): below half the PostgreSQL pool (10 connections), so a storm of cabinet states leaves
 * operators' requests, the telemetry batches and the sweeps theirs.
 */
export const DEFAULT_CONTROL_CONCURRENCY = 4;

/**
 * Telemetry reports the device link holds at most (waiting for their batch or being stored) before
 * an external broker's telemetry waits (docs/scaling.md, "Telemetry under load"): five full batches,
 * so a batch is always ready while one is written, about ten megabytes of memory.
 */
export const DEFAULT_TELEMETRY_LIMIT = 10_000;

/**
 * The largest legitimate message, a cabinet state with 64 compartments each with a 200-character
 * fault, is about 100 KB as JSON; telemetry is a few KB (device-link/broker-limits.test.ts checks the margin).
 */
export const DEFAULT_BROKER_LIMITS: BrokerLimits = { maxPacketBytes: 256 * 1024, maxConnections: 20_000, connectTimeoutMs: 10_000 };

/** A CONNECT holds a client id, a username, a secret and a short will: anything bigger is not a device signing in. */
export const CONNECT_MAX_BYTES = 16 * 1024;

/** Runtime configuration from the environment, with the embedded defaults of `npm start`. */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** PostgreSQL URL; when absent the server runs on embedded PGlite under dataDir. */
  databaseUrl: string | undefined;
  /**
   * PGLITE_IN_SERVER_THREAD=1: the embedded database runs in the server's own thread, as before it had a
   * thread of its own (for measuring the difference; docs/scaling.md).
   */
  pgliteInServerThread?: boolean;
  demo: boolean;
  /** With demo: also the demo types, devices and stock history (DEMO_DEVICES=0 leaves them out). */
  demoDevices: boolean;
  adminUsername: string | undefined;
  adminPassword: string | undefined;
  tokenIdleMinutes: number;
  tokenAbsoluteHours: number;
  /** Free sign-in failures of one account at one address (an account or an address alone: four times as many). */
  loginMaxFailures: number;
  /** The longest wait between two sign-in tries once the free failures are used (docs/security.md). */
  loginWindowMinutes: number;
  /** Password hashes computed at once (PASSWORD_HASH_CONCURRENCY); by default one less than the cores, 1 to 3. */
  passwordHashConcurrency: number | undefined;
  webDist: string | undefined;
  logLevel: string;
  /**
   * Which proxies in front may name the client in X-Forwarded-For: false (none), a hop count (the
   * nearest N proxies), or a comma-separated list of addresses and CIDR ranges. Never `true`: that
   * would believe the left-most entry, which the client writes itself.
   */
  trustProxy: false | number | string;
  rateLimitPerMinute: number;
  /** Lower scrypt cost for test suites only; never set in production. */
  fastPasswordHashing: boolean;
  /** The device link (MQTT_ENABLED, on unless 0). */
  mqttEnabled: boolean;
  /** External broker, e.g. mqtt://broker:1883; when absent an embedded broker listens on 127.0.0.1:mqttPort. */
  mqttUrl: string | undefined;
  mqttPort: number;
  /** The embedded broker's limits: largest packet, connections at once, time to send CONNECT. */
  mqttMaxPacketBytes: number;
  mqttMaxConnections: number;
  mqttConnectTimeoutSeconds: number;
  /** The gateway's sign-in on an external broker. */
  mqttUsername: string | undefined;
  mqttPassword: string | undefined;
  /** A cabinet silent this long is offline even without a last will. */
  deviceHeartbeatTimeoutSeconds: number;
  /** Control messages (cabinet states, command results, swaps) the device link handles at once (docs/scaling.md, "State reports under load"). */
  deviceControlConcurrency: number;
  /** Telemetry reports the device link holds at most before an external broker's telemetry waits (docs/scaling.md, "Telemetry under load"). */
  deviceTelemetryLimit: number;
  /** How long a remote command may take before it is marked TIMEOUT (also the device's expiry). */
  commandTimeoutSeconds: number;
  /**
   * Master secret the demo devices' secrets derive from (see docs/device-protocol.md). The public
   * default only in demo mode; outside it, unset unless DEVICE_DEMO_SECRET names another key.
   */
  deviceDemoSecret: string | undefined;
  /**
   * On an external broker the gateway subscribes through `$share/<group>/…`, so several servers
   * split the devices' messages instead of each persisting all of them (MQTT_SHARE_GROUP; 0 = plain).
   */
  mqttShareGroup: string | undefined;
  /**
   * With MQTT_URL on Mosquitto: the folder of its password file and ACL, rewritten from the database
   * at start and after every secret issue (MOSQUITTO_AUTH_DIR); MOSQUITTO_PID_FILE names the process
   * to send SIGHUP so it reloads them.
   */
  mosquittoAuthDir: string | undefined;
  mosquittoPidFile: string | undefined;
  /** With demo devices and the embedded broker: a simulated fleet runs beside the server (0 = none). */
  demoFleetCabinets: number;
  demoFleetVehicles: number;
  demoFleetIntervalMs: number;
  /**
   * Map tiles (MAP_TILE_URL, an http(s) template with {z}, {x} and {y}; {s} for subdomains), and
   * the credit the tile provider asks for (MAP_TILE_ATTRIBUTION). Unset: maps draw on the bundled
   * outline base layer only (docs/stations-and-maps.md).
   */
  mapTileUrl: string | undefined;
  mapTileAttribution: string | undefined;
  /** External systems' webhooks (docs/operation-centre.md, "External systems"). */
  webhooks: WebhookConfig;
  /** How often the product orders' overdue and expiry job runs; 0 never (ORDER_JOB_INTERVAL_MS, docs/orders.md). */
  orderJobIntervalMs: number;
  /**
   * The pause between two batches of the customer reference backfill; 0 never runs it in the
   * background (REFERENCE_BACKFILL_PAUSE_MS, docs/customers.md "Swaps and reservations").
   */
  referenceBackfillPauseMs: number;
  /** How often the job queue's worker looks for due jobs; 0 runs no worker (JOB_POLL_MS, docs/firmware.md). */
  jobPollMs: number;
  /** How long a running job is held before another server may take it up (JOB_LEASE_SECONDS). */
  jobLeaseSeconds: number;
  /** Payment gateways (docs/orders.md, "Paying an order"). */
  payments: PaymentConfig;
  /** Firmware downloads and upgrade deadlines (docs/firmware.md). */
  firmware: FirmwareConfig;
  /** Password recovery mails (docs/security.md, "Password recovery"). */
  mail: MailConfig;
  /** Single sign-on with an OpenID Connect provider (docs/security.md, "Single sign-on"); undefined: none. */
  sso: SsoConfig | undefined;
}

export interface SsoConfig {
  /** The provider's issuer URL (OIDC_ISSUER): https, or http on this machine only (a test provider). */
  issuer: string;
  /** This server's client at the provider (OIDC_CLIENT_ID) and its secret (OIDC_CLIENT_SECRET, in the environment only). */
  clientId: string;
  clientSecret: string;
  /** The name on the sign-in page's button (OIDC_NAME). */
  name: string;
  /** Where the provider sends the user back: PUBLIC_URL + /callback (register it at the provider). */
  redirectUri: string;
}

/** OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET and OIDC_NAME: all or none. */
function ssoConfig(env: NodeJS.ProcessEnv): SsoConfig | undefined {
  const issuer = env.OIDC_ISSUER?.trim();
  const clientId = env.OIDC_CLIENT_ID?.trim();
  const clientSecret = env.OIDC_CLIENT_SECRET;
  if (!issuer && !clientId && !clientSecret) return undefined;
  if (!issuer || !clientId || !clientSecret)
    throw new Error('Single sign-on needs OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET together (and OIDC_NAME for its button)');
  let url: URL;
  try {
    url = new URL(issuer);
  } catch {
    throw new Error("OIDC_ISSUER must be the provider's https URL, e.g. https://login.example.com/realms/staff");
  }
  const loopback = ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback))
    throw new Error('OIDC_ISSUER must be an https URL (plain http only for a provider on this machine)');
  return {
    issuer,
    clientId,
    clientSecret,
    name: env.OIDC_NAME?.trim() || 'Single sign-on',
    redirectUri: `${publicUrl(env)}/callback`,
  };
}

export interface MailConfig {
  /**
   * The address the web is reached at (PUBLIC_URL), which reset links in mails point to; never
   * taken from a request's Host header, which the asker writes. By default this server on localhost.
   */
  publicUrl: string;
  /** An SMTP server (SMTP_URL, smtp:// or smtps://, user and password inside); overrides the common settings' smtp_host. */
  smtpUrl: string | undefined;
  /** The password of the common settings' smtp_user (SMTP_PASSWORD): secrets stay out of the settings screen. */
  smtpPassword: string | undefined;
  /** The sender's address (MAIL_FROM) when the common setting mail_from is not set. */
  from: string;
  /** How long a reset link works (RESET_LINK_MINUTES, 30). */
  resetLinkMinutes: number;
}

export interface FirmwareConfig {
  /** The https origin cabinets download firmware from (FIRMWARE_LINK_BASE; the server's public address behind TLS). */
  linkBase: string;
  /** How long a download link works (FIRMWARE_LINK_MINUTES). */
  linkMinutes: number;
  /** How long a cabinet has from taking an update to reporting it installed (FIRMWARE_UPGRADE_MINUTES). */
  upgradeMinutes: number;
}

/**
 * The public secret of the stand-in gateway in demo mode: anyone can sign with it, so DEMO=0 refuses
 * it (like the device demo key).
 */
export const DEMO_PAYMENT_SECRET = 'stand-in-gateway-demo-secret';

/** The gateways the server takes payment results from and asks to take payments. */
export interface PaymentConfig {
  /**
   * Each gateway's shared secret by name (PAYMENT_GATEWAY_SECRETS=STANDIN:secret,XENDIT:secret):
   * the callback accepts a result only when signed with its gateway's secret. In demo mode, without
   * the variable, the stand-in gateway STANDIN with the public demo secret.
   */
  secrets: Record<string, string>;
  /** The gateway staff's payment requests go to (PAYMENT_GATEWAY, one of `secrets`), and its URL (PAYMENT_GATEWAY_URL). */
  gateway: string | undefined;
  gatewayUrl: string | undefined;
  /** Where the gateway reports results (PAYMENT_CALLBACK_URL); by default this server's /api/pay/callback on 127.0.0.1. */
  callbackUrl: string | undefined;
  /** How far a result's signed time may be from now (PAYMENT_CALLBACK_WINDOW_SECONDS, 300). */
  windowSeconds: number;
  /** How long a request to the gateway may take (PAYMENT_GATEWAY_TIMEOUT_MS, 10 s). */
  timeoutMs: number;
  /**
   * The stand-in gateway on 127.0.0.1 (PAYMENT_STANDIN_PORT, 8090 in demo mode, 0: none), reporting
   * a payment PAYMENT_STANDIN_DELAY_MS (2 s) after it was asked to take it.
   */
  standIn: { port: number; delayMs: number } | undefined;
}

const GATEWAY_NAME = /^[A-Z0-9_]{1,20}$/;

/** Where this server reaches the stand-in gateway on the given port. */
export const standInUrl = (port: number): string => `http://127.0.0.1:${port}`;

function paymentConfig(env: NodeJS.ProcessEnv, demo: boolean, serverPort: number): PaymentConfig {
  const secrets: Record<string, string> = {};
  for (const entry of (env.PAYMENT_GATEWAY_SECRETS ?? '')
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean)) {
    const at = entry.indexOf(':');
    const name = entry.slice(0, at);
    const secret = entry.slice(at + 1);
    if (at < 0 || !GATEWAY_NAME.test(name) || secret.length < 16)
      throw new Error(
        'PAYMENT_GATEWAY_SECRETS takes NAME:secret pairs, comma-separated: a name of capitals, digits or _, a secret of 16 characters or more',
      );
    if (secret === DEMO_PAYMENT_SECRET && !demo)
      throw new Error('PAYMENT_GATEWAY_SECRETS names the public demo secret, which must not be used with DEMO=0: set a secret of your own');
    secrets[name] = secret;
  }
  if (demo && Object.keys(secrets).length === 0) secrets.STANDIN = DEMO_PAYMENT_SECRET;
  const standInPort = intEnv(env, 'PAYMENT_STANDIN_PORT', demo ? 8090 : 0);
  const standIn = standInPort > 0 ? { port: standInPort, delayMs: intEnv(env, 'PAYMENT_STANDIN_DELAY_MS', 2000) } : undefined;
  const gateway = env.PAYMENT_GATEWAY || (secrets.STANDIN ? 'STANDIN' : Object.keys(secrets)[0]);
  if (gateway !== undefined && !secrets[gateway])
    throw new Error(`PAYMENT_GATEWAY names ${gateway}, which PAYMENT_GATEWAY_SECRETS does not`);
  return {
    secrets,
    gateway,
    gatewayUrl: env.PAYMENT_GATEWAY_URL || (standIn ? standInUrl(standIn.port) : undefined),
    callbackUrl: env.PAYMENT_CALLBACK_URL || (serverPort > 0 ? `http://127.0.0.1:${serverPort}/api/pay/callback` : undefined),
    windowSeconds: intEnv(env, 'PAYMENT_CALLBACK_WINDOW_SECONDS', 300),
    timeoutMs: intEnv(env, 'PAYMENT_GATEWAY_TIMEOUT_MS', 10_000),
    standIn,
  };
}

/** How webhooks are delivered to external systems. */
export interface WebhookConfig {
  /**
   * Endpoints on private, loopback, link-local or otherwise internal addresses are refused, at
   * registration and at every delivery, unless WEBHOOK_ALLOW_PRIVATE=1 (on by default in demo mode
   * only, where the demo's receivers run on this machine).
   */
  allowPrivate: boolean;
  /** The wait before the second attempt; each next one waits twice as long, at most an hour (WEBHOOK_RETRY_BASE_MS). */
  retryBaseMs: number;
  /** Attempts before a delivery is given up as FAILED (WEBHOOK_MAX_ATTEMPTS). */
  maxAttempts: number;
  /** How long one attempt waits for its answer (WEBHOOK_TIMEOUT_MS). */
  timeoutMs: number;
  /** How often the worker looks for due deliveries besides being woken by a new one (WEBHOOK_POLL_MS). */
  pollMs: number;
}

function countEnv(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a whole number, 0 or more`);
  return value;
}

/** PUBLIC_URL: the http(s) origin (and path) the web is reached at; by default this server on localhost. */
function publicUrl(env: NodeJS.ProcessEnv): string {
  const raw = env.PUBLIC_URL?.trim() || `http://localhost:${intEnv(env, 'PORT', 8080)}`;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error('PUBLIC_URL must be an http(s) URL, e.g. https://backoffice.example.com');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error('PUBLIC_URL must be an http(s) URL');
  return url.href.replace(/\/$/, '');
}

/** SMTP_URL: smtp:// or smtps:// with the host (and user and password when the server asks for them). */
function smtpUrl(env: NodeJS.ProcessEnv): string | undefined {
  const raw = env.SMTP_URL?.trim();
  if (!raw) return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error('SMTP_URL must be an smtp:// or smtps:// URL');
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') throw new Error('SMTP_URL must be an smtp:// or smtps:// URL');
  return raw;
}

/** The https origin of firmware download links: devices accept https links only (docs/device-protocol.md, "Commands"). */
function firmwareLinkBase(env: NodeJS.ProcessEnv): string {
  const raw = env.FIRMWARE_LINK_BASE?.trim() || 'https://localhost';
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error('FIRMWARE_LINK_BASE must be an https URL');
  }
  if (url.protocol !== 'https:') throw new Error('FIRMWARE_LINK_BASE must be an https URL');
  return url.origin;
}

function intEnv(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive whole number`);
  return value;
}

/** Device secrets derived from a public key are anyone's: that key is for demo mode only. */
function deviceDemoSecret(env: NodeJS.ProcessEnv, demo: boolean): string | undefined {
  const key = env.DEVICE_DEMO_SECRET || undefined;
  if (demo) return key ?? DEFAULT_DEVICE_DEMO_SECRET;
  if (key === DEFAULT_DEVICE_DEMO_SECRET)
    throw new Error('DEVICE_DEMO_SECRET is the public demo key, which must not be used with DEMO=0: unset it, or set a secret of your own');
  return key;
}

/** Between the size of a CONNECT and MQTT's own ceiling (256 MB). */
function packetBytesEnv(env: NodeJS.ProcessEnv): number {
  const value = intEnv(env, 'MQTT_MAX_PACKET_BYTES', DEFAULT_BROKER_LIMITS.maxPacketBytes);
  if (value < CONNECT_MAX_BYTES || value > 268_435_455)
    throw new Error(`MQTT_MAX_PACKET_BYTES must be between ${CONNECT_MAX_BYTES} and 268435455`);
  return value;
}

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** One trusted proxy: an address, a CIDR range (address/prefix), or one of proxy-addr's names. */
function isProxyEntry(entry: string): boolean {
  if (PROXY_NAMES.has(entry)) return true;
  const [address = '', prefix, extra] = entry.split('/');
  const family = net.isIP(address);
  if (family === 0 || extra !== undefined) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d+$/.test(prefix) && bits <= (family === 4 ? 32 : 128);
}

/** TRUST_PROXY: unset or 0 trusts no proxy; a whole number the nearest that many hops; else a list of addresses or ranges. */
function trustProxyEnv(env: NodeJS.ProcessEnv): false | number | string {
  const raw = env.TRUST_PROXY?.trim();
  if (!raw || raw === '0' || raw === 'false') return false;
  if (/^\d+$/.test(raw)) return Number(raw);
  const entries = raw.split(',').map((entry) => entry.trim());
  if (entries.some((entry) => !isProxyEntry(entry)))
    throw new Error('TRUST_PROXY must be a hop count (e.g. 1) or a comma-separated list of proxy addresses or CIDR ranges');
  return entries.join(',');
}

/** MAP_TILE_URL: an http(s) URL template holding {z}, {x} and {y}. */
function mapTileUrlEnv(env: NodeJS.ProcessEnv): string | undefined {
  const raw = env.MAP_TILE_URL?.trim();
  if (!raw) return undefined;
  const fail = () => {
    throw new Error('MAP_TILE_URL must be an http(s) URL template with {z}, {x} and {y}, e.g. https://tile.example.org/{z}/{x}/{y}.png');
  };
  if (!['{z}', '{x}', '{y}'].every((part) => raw.includes(part))) fail();
  try {
    const url = new URL(raw.replaceAll('{s}', 'a'));
    if (url.protocol !== 'https:' && url.protocol !== 'http:') fail();
  } catch {
    fail();
  }
  return raw;
}

/** Mosquitto's files are written with the gateway's own account, so that account must be known. */
function mosquittoAuthDir(env: NodeJS.ProcessEnv): string | undefined {
  if (!env.MOSQUITTO_AUTH_DIR) return undefined;
  if (!env.MQTT_URL || !env.MQTT_USERNAME || !env.MQTT_PASSWORD)
    throw new Error(
      'MOSQUITTO_AUTH_DIR needs MQTT_URL, MQTT_USERNAME and MQTT_PASSWORD (the gateway account written to the password file)',
    );
  return path.resolve(env.MOSQUITTO_AUTH_DIR);
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const demo = env.DEMO !== '0' && env.DEMO !== 'false';
  return {
    port: intEnv(env, 'PORT', 8080),
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR ?? './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    pgliteInServerThread: env.PGLITE_IN_SERVER_THREAD === '1',
    demo,
    demoDevices: env.DEMO_DEVICES !== '0' && env.DEMO_DEVICES !== 'false',
    adminUsername: env.ADMIN_USERNAME || undefined,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    tokenIdleMinutes: intEnv(env, 'TOKEN_IDLE_MINUTES', 120),
    tokenAbsoluteHours: intEnv(env, 'TOKEN_ABSOLUTE_HOURS', 12),
    loginMaxFailures: intEnv(env, 'LOGIN_MAX_FAILURES', 5),
    loginWindowMinutes: intEnv(env, 'LOGIN_WINDOW_MINUTES', 15),
    passwordHashConcurrency: env.PASSWORD_HASH_CONCURRENCY ? intEnv(env, 'PASSWORD_HASH_CONCURRENCY', 1) : undefined,
    webDist: env.WEB_DIST,
    logLevel: env.LOG_LEVEL ?? 'info',
    trustProxy: trustProxyEnv(env),
    rateLimitPerMinute: intEnv(env, 'RATE_LIMIT_PER_MINUTE', 3000),
    fastPasswordHashing: env.FAST_PASSWORD_HASHING === '1',
    mqttEnabled: env.MQTT_ENABLED !== '0' && env.MQTT_ENABLED !== 'false',
    mqttUrl: env.MQTT_URL || undefined,
    mqttPort: intEnv(env, 'MQTT_PORT', 1883),
    mqttMaxPacketBytes: packetBytesEnv(env),
    mqttMaxConnections: intEnv(env, 'MQTT_MAX_CONNECTIONS', DEFAULT_BROKER_LIMITS.maxConnections),
    mqttConnectTimeoutSeconds: intEnv(env, 'MQTT_CONNECT_TIMEOUT_SECONDS', DEFAULT_BROKER_LIMITS.connectTimeoutMs / 1000),
    mqttUsername: env.MQTT_USERNAME || undefined,
    mqttPassword: env.MQTT_PASSWORD || undefined,
    deviceHeartbeatTimeoutSeconds: intEnv(env, 'DEVICE_HEARTBEAT_TIMEOUT_SECONDS', 90),
    deviceControlConcurrency: intEnv(env, 'DEVICE_CONTROL_CONCURRENCY', DEFAULT_CONTROL_CONCURRENCY),
    deviceTelemetryLimit: intEnv(env, 'DEVICE_TELEMETRY_LIMIT', DEFAULT_TELEMETRY_LIMIT),
    commandTimeoutSeconds: intEnv(env, 'COMMAND_TIMEOUT_SECONDS', 10),
    deviceDemoSecret: deviceDemoSecret(env, demo),
    mqttShareGroup: env.MQTT_SHARE_GROUP === '0' || env.MQTT_SHARE_GROUP === 'false' ? undefined : env.MQTT_SHARE_GROUP || 'swap-gateway',
    mosquittoAuthDir: mosquittoAuthDir(env),
    mosquittoPidFile: env.MOSQUITTO_PID_FILE ? path.resolve(env.MOSQUITTO_PID_FILE) : undefined,
    demoFleetCabinets: countEnv(env, 'DEMO_FLEET_CABINETS', 3),
    demoFleetVehicles: countEnv(env, 'DEMO_FLEET_VEHICLES', 6),
    demoFleetIntervalMs: intEnv(env, 'DEMO_FLEET_INTERVAL_MS', 3000),
    mapTileUrl: mapTileUrlEnv(env),
    mapTileAttribution: env.MAP_TILE_ATTRIBUTION?.trim() || undefined,
    webhooks: {
      allowPrivate: env.WEBHOOK_ALLOW_PRIVATE === undefined || env.WEBHOOK_ALLOW_PRIVATE === '' ? demo : env.WEBHOOK_ALLOW_PRIVATE === '1',
      retryBaseMs: intEnv(env, 'WEBHOOK_RETRY_BASE_MS', 30_000),
      maxAttempts: intEnv(env, 'WEBHOOK_MAX_ATTEMPTS', 8),
      timeoutMs: intEnv(env, 'WEBHOOK_TIMEOUT_MS', 10_000),
      pollMs: intEnv(env, 'WEBHOOK_POLL_MS', 2_000),
    },
    orderJobIntervalMs: intEnv(env, 'ORDER_JOB_INTERVAL_MS', 600_000),
    referenceBackfillPauseMs: countEnv(env, 'REFERENCE_BACKFILL_PAUSE_MS', 200),
    jobPollMs: countEnv(env, 'JOB_POLL_MS', 1_000),
    jobLeaseSeconds: intEnv(env, 'JOB_LEASE_SECONDS', 120),
    payments: paymentConfig(env, demo, intEnv(env, 'PORT', 8080)),
    firmware: {
      linkBase: firmwareLinkBase(env),
      linkMinutes: intEnv(env, 'FIRMWARE_LINK_MINUTES', 15),
      upgradeMinutes: intEnv(env, 'FIRMWARE_UPGRADE_MINUTES', 30),
    },
    mail: {
      publicUrl: publicUrl(env),
      smtpUrl: smtpUrl(env),
      smtpPassword: env.SMTP_PASSWORD || undefined,
      from: env.MAIL_FROM?.trim() || 'no-reply@localhost',
      resetLinkMinutes: intEnv(env, 'RESET_LINK_MINUTES', 30),
    },
    sso: ssoConfig(env),
  };
}
