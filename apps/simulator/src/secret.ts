import { createHmac } from 'node:crypto';

/** A demo device's secret: HMAC-SHA256(DEVICE_DEMO_SECRET, number), base64url — as the server's seed derives it. */
export function demoDeviceSecret(master: string, number: string): string {
  return createHmac('sha256', master).update(number, 'utf8').digest('base64url');
}
