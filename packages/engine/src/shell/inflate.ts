// Gzip members decoded (RFC 1952 around RFC 1951 deflate), pure and bounded: `echo H4sI… | base64 -d | gunzip | sh`
// runs a script that was only ever written compressed. The model keeps a compressed stream as the text it holds
// (programs/compressors.ts), so gzip bytes met where a text is decoded (base64 -d) are read as that text. Output past
// `limit` bytes, a bad header, or a stream that does not decode is unknown (undefined), never a guess.

const LENGTH_BASE = [
  3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258,
];
const LENGTH_EXTRA = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0];
const DIST_BASE = [
  1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145,
  8193, 12289, 16385, 24577,
];
const DIST_EXTRA = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13];
const CODE_LENGTH_ORDER = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15];

/** A canonical Huffman code: symbols counted per length, and listed in code order. */
interface Huffman {
  readonly counts: Uint16Array;
  readonly symbols: Uint16Array;
}

class Bad extends Error {}

function huffman(lengths: ArrayLike<number>, n: number): Huffman {
  const counts = new Uint16Array(16);
  for (let i = 0; i < n; i++) counts[lengths[i]!]!++;
  counts[0] = 0;
  const offsets = new Uint16Array(16);
  for (let i = 1; i < 16; i++) offsets[i] = offsets[i - 1]! + counts[i - 1]!;
  const symbols = new Uint16Array(n);
  for (let i = 0; i < n; i++) if (lengths[i] !== 0) symbols[offsets[lengths[i]!]!++] = i;
  return { counts, symbols };
}

class Bits {
  private pos = 0;
  private bit = 0;
  constructor(
    private readonly data: Uint8Array,
    start: number,
  ) {
    this.pos = start;
  }
  read(n: number): number {
    let v = 0;
    for (let i = 0; i < n; i++) {
      if (this.pos >= this.data.length) throw new Bad('end of data');
      v |= ((this.data[this.pos]! >> this.bit) & 1) << i;
      if (++this.bit === 8) {
        this.bit = 0;
        this.pos++;
      }
    }
    return v;
  }
  /** Skips to the next byte boundary and returns its offset. */
  align(): number {
    if (this.bit !== 0) {
      this.bit = 0;
      this.pos++;
    }
    return this.pos;
  }
  seek(pos: number): void {
    this.pos = pos;
  }
  decode(h: Huffman): number {
    let code = 0;
    let first = 0;
    let index = 0;
    for (let len = 1; len < 16; len++) {
      code |= this.read(1);
      const count = h.counts[len]!;
      if (code - first < count) return h.symbols[index + code - first]!;
      index += count;
      first = (first + count) << 1;
      code <<= 1;
    }
    throw new Bad('bad code');
  }
}

const FIXED = (() => {
  const l = new Uint8Array(288);
  l.fill(8, 0, 144);
  l.fill(9, 144, 256);
  l.fill(7, 256, 280);
  l.fill(8, 280, 288);
  return { lit: huffman(l, 288), dist: huffman(new Uint8Array(30).fill(5), 30) };
})();

/** Raw deflate from `start`, at most `limit` bytes out. */
function inflateRaw(data: Uint8Array, start: number, limit: number): Uint8Array {
  const out: number[] = [];
  const bits = new Bits(data, start);
  for (let last = 0; last === 0; ) {
    last = bits.read(1);
    const type = bits.read(2);
    if (type === 0) {
      const at = bits.align();
      const len = data[at]! | (data[at + 1]! << 8);
      if (at + 4 + len > data.length || out.length + len > limit) throw new Bad('stored block');
      for (let i = 0; i < len; i++) out.push(data[at + 4 + i]!);
      bits.seek(at + 4 + len);
      continue;
    }
    let lit = FIXED.lit;
    let dist = FIXED.dist;
    if (type === 2) {
      const hlit = bits.read(5) + 257;
      const hdist = bits.read(5) + 1;
      const hclen = bits.read(4) + 4;
      const cl = new Uint8Array(19);
      for (let i = 0; i < hclen; i++) cl[CODE_LENGTH_ORDER[i]!] = bits.read(3);
      const clh = huffman(cl, 19);
      const lengths = new Uint8Array(hlit + hdist);
      for (let i = 0; i < hlit + hdist; ) {
        const sym = bits.decode(clh);
        if (sym < 16) lengths[i++] = sym;
        else {
          const [prev, times] =
            sym === 16
              ? [i > 0 ? lengths[i - 1]! : -1, 3 + bits.read(2)]
              : sym === 17
                ? [0, 3 + bits.read(3)]
                : [0, 11 + bits.read(7)];
          if (prev < 0 || i + times > lengths.length) throw new Bad('bad lengths');
          lengths.fill(prev, i, i + times);
          i += times;
        }
      }
      lit = huffman(lengths.subarray(0, hlit), hlit);
      dist = huffman(lengths.subarray(hlit), hdist);
    } else if (type !== 1) throw new Bad('bad block type');
    for (;;) {
      const sym = bits.decode(lit);
      if (sym < 256) {
        if (out.length >= limit) throw new Bad('too long');
        out.push(sym);
      } else if (sym === 256) break;
      else {
        const l = sym - 257;
        if (l >= 29) throw new Bad('bad length');
        const len = LENGTH_BASE[l]! + bits.read(LENGTH_EXTRA[l]!);
        const d = bits.decode(dist);
        if (d >= 30) throw new Bad('bad distance');
        const back = DIST_BASE[d]! + bits.read(DIST_EXTRA[d]!);
        if (back > out.length || out.length + len > limit) throw new Bad('bad copy');
        for (let i = 0; i < len; i++) out.push(out[out.length - back]!);
      }
    }
  }
  return Uint8Array.from(out);
}

/** Whether the bytes start a gzip member. */
export const isGzip = (bytes: Uint8Array): boolean => bytes.length > 18 && bytes[0] === 0x1f && bytes[1] === 0x8b;

/** The bytes a gzip member holds (the first member only), or undefined. */
export function gunzip(bytes: Uint8Array, limit: number): Uint8Array | undefined {
  if (!isGzip(bytes) || bytes[2] !== 8) return undefined;
  const flags = bytes[3]!;
  let at = 10;
  try {
    if (flags & 4) at += 2 + (bytes[at]! | (bytes[at + 1]! << 8));
    if (flags & 8) while (at < bytes.length && bytes[at++] !== 0);
    if (flags & 16) while (at < bytes.length && bytes[at++] !== 0);
    if (flags & 2) at += 2;
    if (at >= bytes.length) return undefined;
    return inflateRaw(bytes, at, limit);
  } catch (error) {
    if (error instanceof Bad) return undefined;
    throw error;
  }
}
