import { inflateSync } from 'node:zlib';

export interface DecodedPng {
  width: number;
  height: number;
  colourType: number;
  /** Bytes of the inflated image data (one filter byte per row plus the pixels). */
  dataLength: number;
}

/** Decodes enough of a PNG to prove it is one: signature, IHDR, inflatable IDAT of the right size. */
export function decodePng(base64: string): DecodedPng {
  const png = Buffer.from(base64, 'base64');
  if (!png.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    throw new Error('not a PNG signature');
  }
  let at = 8;
  let width = 0;
  let height = 0;
  let colourType = -1;
  const idat: Buffer[] = [];
  while (at < png.length) {
    const length = png.readUInt32BE(at);
    const type = png.toString('ascii', at + 4, at + 8);
    const data = png.subarray(at + 8, at + 8 + length);
    if (type === 'IHDR') {
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
      colourType = data.readUInt8(9);
    } else if (type === 'IDAT') idat.push(data);
    at += 12 + length;
  }
  return { width, height, colourType, dataLength: inflateSync(Buffer.concat(idat)).length };
}
