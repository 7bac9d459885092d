// A new part id in opencode 1.18's format ("prt_" + 12 hex digits of time·4096+counter + 14 base62 characters),
// for a text part the plugin adds to a message. opencode sorts parts by id, so ascending ids keep the order.
import { crypto } from '../core/builtins.js';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
let lastTime = 0;
let counter = 0;

export function newPartID(now: number = Date.now()): string {
  if (now !== lastTime) {
    lastTime = now;
    counter = 0;
  }
  counter++;
  const stamp = (BigInt(now) * 4096n + BigInt(counter)) & 0xffffffffffffn;
  const bytes = crypto().randomBytes(14);
  let tail = '';
  for (const b of bytes) tail += BASE62[b % 62];
  return `prt_${stamp.toString(16).padStart(12, '0')}${tail}`;
}
