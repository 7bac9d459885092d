// The editor checks the whole file after every keystroke, and most of that check was the YAML parser reading a file
// of which one line changed (a 500-line file: ~12 of ~18 ms). A contract file is mostly its `contracts:` list, so
// each contract is parsed on its own and remembered by its text; after a keystroke only the contract typed into,
// and the file with every contract blanked out (cheap: comment lines), are parsed again. The parsed contracts are put
// back into the file's document at their offsets, so the later stages see the document a whole parse gives.
//
// INVARIANT: the document returned is the one parseDocument gives for the same text and options (same data, same
// node ranges), or there is none and the caller parses the whole text. Anything that a part read alone could read
// differently gives none: a syntax error or warning anywhere (the whole parse reports it, with its recovery), a
// directive or document marker, tabs, an alias whose anchor is not set earlier in its own part, a part that is not
// one list item.
import {
  isAlias,
  isCollection,
  isPair,
  isScalar,
  isSeq,
  parseDocument,
  type Document,
  type LineCounter,
  type Node,
} from 'yaml';

type ParseOptions = NonNullable<Parameters<typeof parseDocument>[1]>;

/** Files shorter than this are parsed whole: the parts would not pay for their bookkeeping. */
const MIN_CHARS = 4_096;
/** Parts remembered (their text is the key): the contracts of a few large files. */
const CACHE_PARTS = 512;
/** Characters of part text remembered in all, so a cache of long parts stays small. */
const CACHE_CHARS = 1_000_000;

interface Part {
  /** Offset of the part's first character (the indentation before its "-") in the file. */
  readonly start: number;
  readonly end: number;
}

interface Layout {
  /** The file with each part's text blanked to comment lines of the same length, offsets unchanged. */
  readonly skeleton: string;
  readonly parts: readonly Part[];
}

/** The key the library marks its nodes with (a non-enumerable symbol property, which Object.assign does not copy). */
const NODE_TYPE = Symbol.for('yaml.node.type');

const cache = new Map<string, Node>();
let cachedChars = 0;

function remember(text: string, node: Node): void {
  cache.set(text, node);
  cachedChars += text.length;
  for (const [oldest] of cache) {
    if (cache.size <= CACHE_PARTS && cachedChars <= CACHE_CHARS) break;
    cache.delete(oldest);
    cachedChars -= oldest.length;
  }
}

/** The file's document from its parts, or undefined when it must be parsed whole (see the invariant above). */
export function parseByParts(text: string, options: ParseOptions): Document.Parsed | undefined {
  if (text.length < MIN_CHARS || /\t|^(?:%|---|\.\.\.)/m.test(text)) return undefined;
  const layout = layoutOf(text);
  if (!layout || layout.parts.length < 2) return undefined;
  // The file's line counter is filled once the parts are known to read cleanly: a fallback to the whole parse must
  // find it empty (it would count every line twice).
  const { lineCounter, ...partOptions } = options;
  const doc = parseDocument(layout.skeleton, partOptions);
  if (doc.errors.length > 0 || doc.warnings.length > 0) return undefined;
  const list = doc.get('contracts', true);
  if (!isSeq(list) || list.items.length !== layout.parts.length) return undefined;
  for (let i = 0; i < layout.parts.length; i++) {
    const part = layout.parts[i]!;
    const placeholder = list.items[i];
    // The skeleton's placeholder for the part must sit where the part starts, or the layout misread the list.
    if (!isScalar(placeholder) || placeholder.value !== null || !placeholder.range) return undefined;
    const item = partNode(text.slice(part.start, part.end), partOptions);
    if (!item) return undefined;
    list.items[i] = shifted(item, part.start);
  }
  // The skeleton's list, its mapping and the document ended where the last placeholder ended; a whole parse ends them
  // where the last contract ends.
  const placeholderEnd = list.range?.[2];
  const end = (list.items.at(-1) as Node).range![2];
  for (const range of [list.range, (doc.contents as Node | null)?.range, doc.range]) {
    if (!range) continue;
    if (range[1] === placeholderEnd) range[1] = end;
    if (range[2] === placeholderEnd) range[2] = end;
  }
  if (lineCounter) countLines(text, lineCounter);
  return doc;
}

/** The line starts the parser reports for the text: 0, and the offset after each line feed. */
function countLines(text: string, lineCounter: LineCounter): void {
  lineCounter.addNewLine(0);
  for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) lineCounter.addNewLine(at + 1);
}

/** The part's item, parsed alone (or remembered), or undefined when it does not read cleanly as one list item. */
function partNode(partText: string, options: ParseOptions): Node | undefined {
  const known = cache.get(partText);
  if (known) {
    // Most recently used last: the eviction drops the contracts no longer in any file first.
    cache.delete(partText);
    cache.set(partText, known);
    return known;
  }
  const doc = parseDocument(partText, options);
  if (doc.errors.length > 0 || doc.warnings.length > 0) return undefined;
  const list = doc.contents;
  if (!isSeq(list) || list.items.length !== 1) return undefined;
  const item = list.items[0];
  if (!item || !isNodeWithRange(item) || !aliasesResolveWithin(item, new Set())) return undefined;
  remember(partText, item);
  return item;
}

const isNodeWithRange = (item: unknown): item is Node =>
  (isScalar(item) || isCollection(item)) && (item as Node).range !== undefined;

/**
 * Whether every alias in the part names an anchor set before it in the same part (visited in the order the library
 * resolves aliases: a node, then its children; a key, then its value). Such an alias resolves to the same node in the
 * whole file, whose nearest earlier anchor of that name is then in the part too; any other is left to the whole parse.
 */
function aliasesResolveWithin(node: unknown, anchors: Set<string>): boolean {
  if (isPair(node)) return aliasesResolveWithin(node.key, anchors) && aliasesResolveWithin(node.value, anchors);
  if (isAlias(node)) return anchors.has(node.source);
  if (!isScalar(node) && !isCollection(node)) return true;
  if (node.anchor) anchors.add(node.anchor);
  return !isCollection(node) || node.items.every((item) => aliasesResolveWithin(item, anchors));
}

/**
 * A copy of the remembered node with every range moved to the part's place in this file. The remembered node stays
 * as it was: a document given out earlier may hold it. Copied field by field (the library's own clone() copies
 * property descriptors, which was two thirds of the time of a keystroke's parse).
 */
function shifted<T>(node: T, by: number): T {
  if (node === null || typeof node !== 'object') return node;
  const copy = Object.assign(Object.create(Object.getPrototypeOf(node)), node);
  const type = (node as Record<symbol, unknown>)[NODE_TYPE];
  if (type !== undefined) Object.defineProperty(copy, NODE_TYPE, { value: type });
  if (isPair(node)) {
    copy.key = shifted(node.key, by);
    copy.value = shifted(node.value, by);
  } else {
    const range = (node as Partial<Node>).range;
    if (range) copy.range = [range[0] + by, range[1] + by, range[2] + by];
    if (isCollection(node)) copy.items = node.items.map((item) => shifted(item, by));
  }
  return copy;
}

/**
 * Where the items of the top-level `contracts:` block list are, and the file with each blanked out: the item's
 * first line keeps its "- " and gets a null ("~"), every other character of the item becomes a comment, so the
 * skeleton's offsets are the file's.
 */
function layoutOf(text: string): Layout | undefined {
  const head = /^contracts:[ ]*(?:#[^\n]*)?\r?\n/m.exec(text);
  if (!head) return undefined;
  const parts: Part[] = [];
  let indent = -1;
  let at = head.index + head[0].length;
  let partStart = -1;
  const close = (end: number) => {
    if (partStart >= 0) parts.push({ start: partStart, end });
    partStart = -1;
  };
  while (at < text.length) {
    const lineEnd = text.indexOf('\n', at);
    const next = lineEnd < 0 ? text.length : lineEnd + 1;
    const line = text.slice(at, lineEnd < 0 ? text.length : lineEnd);
    const content = line.trimStart();
    const lineIndent = line.length - content.length;
    if (content === '' || content === '\r' || content.startsWith('#')) {
      // Blank and comment lines belong to the part they are in (or sit between the list and what follows).
    } else if (
      (content.startsWith('- ') || content === '-' || content === '-\r') &&
      (indent < 0 || lineIndent === indent)
    ) {
      if (indent < 0) indent = lineIndent;
      close(at);
      partStart = at;
    } else if (lineIndent <= indent || indent < 0) {
      break; // the next top-level key: the list ended
    }
    at = next;
  }
  close(at);
  if (parts.length === 0) return undefined;
  let skeleton = '';
  let copied = 0;
  for (const part of parts) {
    const blank = blanked(text.slice(part.start, part.end), indent);
    if (blank === undefined) return undefined;
    skeleton += text.slice(copied, part.start) + blank;
    copied = part.end;
  }
  skeleton += text.slice(copied);
  return { skeleton, parts };
}

/**
 * The part's text with the same length and line breaks: "<indent>- ~" then comments; undefined when its first line is
 * too short to hold the placeholder (a "-" alone on its line).
 */
function blanked(part: string, indent: number): string | undefined {
  const lines = part.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const cr = line.endsWith('\r') ? '\r' : '';
    const body = line.length - cr.length;
    if (i === 0) {
      const placeholder = `${' '.repeat(indent)}- ~`;
      const rest = body - placeholder.length;
      if (rest < 0) return undefined;
      lines[i] = `${placeholder}${rest >= 2 ? ` #${'.'.repeat(rest - 2)}` : ' '.repeat(rest)}${cr}`;
    } else if (body > 0) {
      lines[i] = `#${'.'.repeat(body - 1)}${cr}`;
    }
  }
  return lines.join('\n');
}
