import { crc32, inflateSync } from 'node:zlib';

export const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export interface DecodedPng {
  readonly width: number;
  readonly height: number;
  /** True where the pixel is closer to black than to white. */
  isDark(x: number, y: number): boolean;
}

const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 4: 2, 6: 4 };

function paeth(left: number, up: number, upLeft: number): number {
  const estimate = left + up - upLeft;
  const [a, b, c] = [Math.abs(estimate - left), Math.abs(estimate - up), Math.abs(estimate - upLeft)];
  if (a <= b && a <= c) return left;
  return b <= c ? up : upLeft;
}

/**
 * Decodes an 8-bit, non-interlaced greyscale or RGB(A) PNG, checking every chunk's CRC: enough to
 * read back what qrcode draws without a PNG library the store does not otherwise need.
 */
export function decodePng(file: Buffer): DecodedPng {
  if (!file.subarray(0, 8).equals(PNG_SIGNATURE)) throw new Error('not a PNG: bad signature');
  let offset = 8;
  let header: Buffer | null = null;
  const data: Buffer[] = [];
  for (;;) {
    const length = file.readUInt32BE(offset);
    const type = file.toString('latin1', offset + 4, offset + 8);
    const body = file.subarray(offset + 8, offset + 8 + length);
    if (crc32(file.subarray(offset + 4, offset + 8 + length)) !== file.readUInt32BE(offset + 8 + length))
      throw new Error(`bad CRC in ${type} chunk`);
    if (type === 'IHDR') header = body;
    if (type === 'IDAT') data.push(body);
    offset += 12 + length;
    if (type === 'IEND') break;
  }
  if (!header) throw new Error('no IHDR chunk');
  const width = header.readUInt32BE(0);
  const height = header.readUInt32BE(4);
  const [bitDepth, colorType, , , interlace] = [header[8], header[9], header[10], header[11], header[12]];
  const channels = CHANNELS[colorType ?? -1];
  if (bitDepth !== 8 || !channels || interlace !== 0) throw new Error('unsupported PNG format');

  const raw = inflateSync(Buffer.concat(data));
  const stride = width * channels;
  if (raw.length !== height * (stride + 1)) throw new Error('image data does not match the header');
  const pixels = Buffer.alloc(height * stride);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    for (let i = 0; i < stride; i++) {
      const value = raw[y * (stride + 1) + 1 + i] ?? 0;
      const left = i >= channels ? (pixels[y * stride + i - channels] ?? 0) : 0;
      const up = y > 0 ? (pixels[(y - 1) * stride + i] ?? 0) : 0;
      const upLeft = y > 0 && i >= channels ? (pixels[(y - 1) * stride + i - channels] ?? 0) : 0;
      const predictor = [0, left, up, (left + up) >> 1, paeth(left, up, upLeft)][filter ?? -1];
      if (predictor === undefined) throw new Error(`unknown filter ${filter}`);
      pixels[y * stride + i] = (value + predictor) & 0xff;
    }
  }
  return {
    width,
    height,
    isDark(x, y) {
      const at = (y * width + x) * channels;
      const grey =
        channels < 3 ? (pixels[at] ?? 0) : ((pixels[at] ?? 0) + (pixels[at + 1] ?? 0) + (pixels[at + 2] ?? 0)) / 3;
      return grey < 128;
    },
  };
}
