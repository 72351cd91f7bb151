import { crc32, deflateSync } from 'node:zlib';

/**
 * Plain PNG pictures for the demo identity documents (a document card and a face: customers' submissions, merchant applications), drawn pixel by
 * pixel so the demo needs no image files: a reviewer sees photos in the review drawer.
 */
type Paint = (x: number, y: number) => [number, number, number];

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const sum = Buffer.alloc(4);
  sum.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([length, body, sum]);
}

function png(width: number, height: number, paint: Paint): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const start = y * (width * 3 + 1);
    for (let x = 0; x < width; x++) rows.set(paint(x, y), start + 1 + x * 3);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** An identity card: a coloured band, a photo square and text lines on a pale card. */
export function demoDocumentPhoto(band: [number, number, number], back = false): Buffer {
  return png(240, 150, (x, y) => {
    if (y < 28) return band;
    if (!back && x >= 16 && x < 82 && y >= 44 && y < 130) return [176, 186, 198];
    const line = back ? y >= 48 && y < 130 && (y - 48) % 16 < 6 && x >= 16 && x < 224 : (y - 50) % 18 < 7 && y < 130 && x >= 98 && x < 220;
    return line ? [120, 128, 140] : [244, 246, 250];
  });
}

/** A face: a head and shoulders on a light background. */
export function demoFacePhoto(skin: [number, number, number]): Buffer {
  return png(120, 150, (x, y) => {
    const head = (x - 60) ** 2 / 26 ** 2 + (y - 60) ** 2 / 32 ** 2 <= 1;
    const shoulders = y > 104 && (x - 60) ** 2 / 52 ** 2 + (y - 150) ** 2 / 44 ** 2 <= 1;
    if (head) return skin;
    if (shoulders) return [52, 84, 130];
    return [226, 232, 240];
  });
}
