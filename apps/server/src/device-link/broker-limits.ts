import { CONNECT_MAX_BYTES } from '../app/config.js';

/**
 * Follows the MQTT framing of what a connection sends (type byte, remaining length, body) without
 * copying it, so a packet announcing more than its limit is refused as soon as its header arrives,
 * before any of its body is buffered. The first packet (the CONNECT) has the smaller limit.
 */
export class PacketSizeGate {
  private state: 'type' | 'length' | 'body' = 'type';
  private first = true;
  private length = 0;
  private lengthBytes = 0;
  private remaining = 0;

  constructor(
    private readonly maxBytes: number,
    private readonly connectMaxBytes = CONNECT_MAX_BYTES,
  ) {}

  /** Null while the stream keeps within the limits; otherwise why it does not. */
  check(chunk: Buffer): string | null {
    let i = 0;
    while (i < chunk.length) {
      if (this.state === 'body') {
        const take = Math.min(this.remaining, chunk.length - i);
        i += take;
        this.remaining -= take;
        if (this.remaining === 0) this.state = 'type';
        continue;
      }
      const byte = chunk[i++]!;
      if (this.state === 'type') {
        this.state = 'length';
        this.length = 0;
        this.lengthBytes = 0;
        continue;
      }
      this.length += (byte & 0x7f) * 128 ** this.lengthBytes++;
      if (byte & 0x80) {
        if (this.lengthBytes === 4) return 'malformed packet length';
        continue;
      }
      const total = 1 + this.lengthBytes + this.length;
      const limit = this.first ? Math.min(this.maxBytes, this.connectMaxBytes) : this.maxBytes;
      if (total > limit) return `packet of ${total} bytes over the limit of ${limit}`;
      this.first = false;
      this.remaining = this.length;
      this.state = this.remaining === 0 ? 'type' : 'body';
    }
    return null;
  }
}
