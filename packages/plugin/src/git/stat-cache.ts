// Small files read at most once per change: each read is checked against the file's size and mtime, so a call
// costs one stat when nothing changed. Missing files are remembered as missing (checked again the same way).
import { readFileSync, statSync } from 'node:fs';

interface Entry {
  readonly mtimeMs: number;
  readonly size: number;
  readonly text: string | undefined;
}

const MISSING: Entry = { mtimeMs: -1, size: -1, text: undefined };

export class StatCache {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly maxBytes: number) {}

  /** The file's text; undefined when it does not exist, is not a file, or is larger than the bound. */
  read(path: string): string | undefined {
    const stat = statSync(path, { throwIfNoEntry: false });
    if (stat === undefined || !stat.isFile()) {
      this.entries.set(path, MISSING);
      return undefined;
    }
    const known = this.entries.get(path);
    if (known !== undefined && known.mtimeMs === stat.mtimeMs && known.size === stat.size) return known.text;
    const text = stat.size > this.maxBytes ? undefined : readFileSync(path, 'utf8');
    this.entries.set(path, { mtimeMs: stat.mtimeMs, size: stat.size, text });
    if (this.entries.size > 512) this.entries.delete(this.entries.keys().next().value as string);
    return text;
  }
}
