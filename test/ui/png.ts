import { inflateSync } from 'node:zlib';

/*
 * A small PNG reader for the browser tests: a WebGL canvas keeps no buffer to read back, so
 * the tests screenshot it and read the screenshot's pixels. It reads what chromium writes:
 * 8-bit RGB or RGBA, not interlaced.
 */

/** An image's pixels as RGBA bytes. */
export interface Pixels {
  readonly width: number;
  readonly height: number;
  readonly rgba: Uint8Array;
}

/** Decodes a PNG file's bytes. */
export function readPng(png: Buffer): Pixels {
  if (png.readUInt32BE(0) !== 0x89504e47) throw new Error('not a PNG');
  let at = 8;
  let width = 0;
  let height = 0;
  let channels = 0;
  const idat: Buffer[] = [];
  while (at < png.length) {
    const len = png.readUInt32BE(at);
    const type = png.toString('latin1', at + 4, at + 8);
    const body = png.subarray(at + 8, at + 8 + len);
    if (type === 'IHDR') {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      const [depth, color, , , interlace] = [body[8], body[9], body[10], body[11], body[12]];
      if (depth !== 8 || (color !== 2 && color !== 6) || interlace !== 0) throw new Error(`unsupported PNG (depth ${depth}, colour type ${color}, interlace ${interlace})`);
      channels = color === 6 ? 4 : 3;
    } else if (type === 'IDAT') idat.push(body);
    else if (type === 'IEND') break;
    at += 12 + len;
  }
  const raw = inflateSync(Buffer.concat(idat));
  const stride = width * channels;
  const cur = new Uint8Array(stride);
  const prev = new Uint8Array(stride);
  const rgba = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)]!;
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    for (let i = 0; i < stride; i++) {
      const a = i >= channels ? cur[i - channels]! : 0;
      const b = prev[i]!;
      const c = i >= channels ? prev[i - channels]! : 0;
      let p = line[i]!;
      if (filter === 1) p += a;
      else if (filter === 2) p += b;
      else if (filter === 3) p += (a + b) >> 1;
      else if (filter === 4) {
        const e = a + b - c;
        const pa = Math.abs(e - a);
        const pb = Math.abs(e - b);
        const pc = Math.abs(e - c);
        p += pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
      }
      cur[i] = p & 255;
    }
    for (let x = 0; x < width; x++) {
      rgba.set([cur[x * channels]!, cur[x * channels + 1]!, cur[x * channels + 2]!, channels === 4 ? cur[x * channels + 3]! : 255], (y * width + x) * 4);
    }
    prev.set(cur);
  }
  return { width, height, rgba };
}

/** The colour at (x, y) as 0xRRGGBB. */
export function pixel(p: Pixels, x: number, y: number): number {
  const i = (Math.round(y) * p.width + Math.round(x)) * 4;
  return (p.rgba[i]! << 16) | (p.rgba[i + 1]! << 8) | p.rgba[i + 2]!;
}

/** Whether two colours are within `tolerance` per channel. */
export function near(a: number, b: number, tolerance = 8): boolean {
  return [16, 8, 0].every((s) => Math.abs(((a >> s) & 255) - ((b >> s) & 255)) <= tolerance);
}
