import { crc32, deflateSync } from 'node:zlib';

function chunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A real PNG of one grey, `width` × `height` pixels; with `declaredOnly` its header claims the
 * size over a token of data (a decompression bomb's shape: nothing decodes it whole).
 */
export function pngImage(width: number, height: number, declaredOnly = false): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale
  let rows: Buffer;
  if (declaredOnly) rows = Buffer.alloc(1024);
  else {
    rows = Buffer.alloc((width + 1) * height, 0x80);
    for (let y = 0; y < height; y += 1) rows[y * (width + 1)] = 0; // filter: none
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
