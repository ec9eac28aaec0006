import { crc32, deflateSync } from 'node:zlib';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/**
 * A real PNG (8-bit greyscale): a white label with a one-pixel black outline, so a preview of it
 * shows where the label is. Small enough to send on every RenderLabel.
 */
export function labelPng(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(0, 9); // colour type: greyscale
  const rows = Buffer.alloc((width + 1) * height, 0xff);
  for (let y = 0; y < height; y += 1) {
    const row = y * (width + 1);
    rows[row] = 0; // filter: none
    const edge = y === 0 || y === height - 1;
    for (let x = 0; x < width; x += 1) {
      if (edge || x === 0 || x === width - 1) rows[row + 1 + x] = 0;
    }
  }
  return Buffer.concat([
    SIGNATURE,
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** 30256 landscape (4 in x 2-5/16 in) at the 96 dpi of a screen preview. */
export const PREVIEW_PNG_BASE64 = labelPng(384, 222).toString('base64');
