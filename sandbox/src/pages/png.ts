import { deflateSync } from 'node:zlib';

/** A tiny RGB canvas and PNG encoder, so the sandbox ships its images without a binary dependency. */

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buffer: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of buffer) crc = crcTable[(crc ^ byte) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

type Rgb = [number, number, number];

// 5×7 glyphs, rows top to bottom, '#' = ink.
const glyphs: Record<string, string> = {
  A: '.###.#...##...#######...##...##...#',
  B: '####.#...##...#####.#...##...#####.',
  C: '.###.#...##....#....#....#...#.###.',
  D: '####.#...##...##...##...##...#####.',
  E: '######....#....####.#....#....#####',
  F: '######....#....####.#....#....#....',
  G: '.###.#...##....#.####...##...#.####',
  H: '#...##...##...#######...##...##...#',
  I: '.###...#....#....#....#....#...###.',
  J: '..###...#....#....#....#.#..#..##..',
  K: '#...##..#.#.#..##...#.#..#..#.#...#',
  L: '#....#....#....#....#....#....#####',
  M: '#...###.###.#.##.#.##...##...##...#',
  N: '#...##...###..##.#.##..###...##...#',
  O: '.###.#...##...##...##...##...#.###.',
  P: '####.#...##...#####.#....#....#....',
  Q: '.###.#...##...##...##.#.##..#..##.#',
  R: '####.#...##...#####.#.#..#..#.#...#',
  S: '.#####....#.....###.....#....#####.',
  T: '#####..#....#....#....#....#....#..',
  U: '#...##...##...##...##...##...#.###.',
  V: '#...##...##...##...##...#.#.#...#..',
  W: '#...##...##...##.#.##.#.##.#.#.#.#.',
  X: '#...##...#.#.#...#...#.#.#...##...#',
  Y: '#...##...#.#.#...#....#....#....#..',
  Z: '#####....#...#...#...#...#....#####',
  '0': '.###.#...##..###.#.###..##...#.###.',
  '1': '..#...##....#....#....#....#...###.',
  '2': '.###.#...#....#...#...#...#...#####',
  '3': '####.....#....#.###.....#....#####.',
  '4': '...#...##..#.#.#..#.#####...#....#.',
  '5': '######....####.....#....##...#.###.',
  '6': '.###.#....#....####.#...##...#.###.',
  '7': '#####....#...#...#...#....#....#...',
  '8': '.###.#...##...#.###.#...##...#.###.',
  '9': '.###.#...##...#.####....#....#.###.',
  '-': '................###................',
  '.': '..........................##...##..',
  '?': '.###.#...#....#...#...#.........#..',
  '!': '..#....#....#....#....#.........#..',
  '(': '...#...#...#....#....#.....#.....#.',
  ')': '.#.....#.....#....#....#...#...#...',
  ':': '......##...##.........##...##......',
  '/': '....#....#...#...#...#...#....#....',
  ' ': '...................................',
};

export class Canvas {
  readonly pixels: Buffer;

  constructor(
    readonly width: number,
    readonly height: number,
    background: Rgb,
  ) {
    this.pixels = Buffer.alloc(width * height * 3);
    this.fillRect(0, 0, width, height, background);
  }

  fillRect(x: number, y: number, w: number, h: number, color: Rgb): void {
    for (let row = Math.max(0, y); row < Math.min(this.height, y + h); row += 1) {
      for (let col = Math.max(0, x); col < Math.min(this.width, x + w); col += 1) {
        const offset = (row * this.width + col) * 3;
        this.pixels[offset] = color[0];
        this.pixels[offset + 1] = color[1];
        this.pixels[offset + 2] = color[2];
      }
    }
  }

  /** Writes upper-cased text; characters without a glyph are drawn as spaces. Returns the width used. */
  text(x: number, y: number, value: string, color: Rgb, scale = 2): number {
    let cursor = x;
    for (const char of value.toUpperCase()) {
      const glyph = glyphs[char] ?? glyphs[' '];
      for (let index = 0; index < 35; index += 1) {
        if (glyph[index] === '#')
          this.fillRect(cursor + (index % 5) * scale, y + Math.floor(index / 5) * scale, scale, scale, color);
      }
      cursor += 6 * scale;
    }
    return cursor - x;
  }

  toPng(): Buffer {
    const raw = Buffer.alloc((this.width * 3 + 1) * this.height);
    for (let row = 0; row < this.height; row += 1) {
      raw[row * (this.width * 3 + 1)] = 0;
      this.pixels.copy(raw, row * (this.width * 3 + 1) + 1, row * this.width * 3, (row + 1) * this.width * 3);
    }
    const header = Buffer.alloc(13);
    header.writeUInt32BE(this.width, 0);
    header.writeUInt32BE(this.height, 4);
    header[8] = 8; // bit depth
    header[9] = 2; // RGB
    return Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', header),
      chunk('IDAT', deflateSync(raw)),
      chunk('IEND', Buffer.alloc(0)),
    ]);
  }
}

let cachedSample: Buffer | undefined;

/** The photo a customer sends when they pick none: a gradient with a caption. */
export function samplePng(): Buffer {
  if (cachedSample) return cachedSample;
  const canvas = new Canvas(320, 240, [255, 255, 255]);
  for (let row = 0; row < 240; row += 1)
    canvas.fillRect(0, row, 320, 1, [30 + Math.floor(row / 3), 120 + Math.floor(row / 4), 200 - Math.floor(row / 3)]);
  canvas.fillRect(40, 150, 240, 60, [255, 255, 255]);
  canvas.fillRect(200, 60, 50, 50, [255, 214, 10]);
  canvas.text(64, 170, 'SAMPLE PHOTO', [40, 40, 40], 3);
  cachedSample = canvas.toPng();
  return cachedSample;
}

/** A phone-screen-like preview of a flow: title bar, labelled fields and the submit button. */
export function flowPreviewPng(flow: { name: string; fields: Array<{ label: string }>; color: Rgb }): Buffer {
  const canvas = new Canvas(360, 640, [240, 242, 245]);
  canvas.fillRect(0, 0, 360, 64, flow.color);
  canvas.text(16, 25, flow.name.slice(0, 27), [255, 255, 255], 2);
  let y = 90;
  for (const field of flow.fields.slice(0, 6)) {
    canvas.text(20, y, field.label.slice(0, 27), [60, 60, 67], 2);
    canvas.fillRect(20, y + 22, 320, 40, [200, 200, 205]);
    canvas.fillRect(22, y + 24, 316, 36, [255, 255, 255]);
    y += 80;
  }
  canvas.fillRect(20, 560, 320, 48, flow.color);
  canvas.text(136, 577, 'SUBMIT', [255, 255, 255], 2);
  canvas.text(70, 620, 'MANAGED BY THE BUSINESS', [142, 142, 147], 1);
  return canvas.toPng();
}
