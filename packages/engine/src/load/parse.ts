// Parse stage: YAML text → a positioned document and plain data, with every syntax problem as a diagnostic.
// Hostile input is bounded here: size, nesting depth and alias expansion all have limits.
import { LineCounter, isMap, isPair, isSeq, parseDocument, type Document, type Node, type YAMLError } from 'yaml';
import type { Diagnostic } from '../diagnostics.js';
import { parseByParts } from './parse-by-parts.js';
import { reportSyntax, type BrokenPart } from './syntax.js';

export const LIMITS = {
  /** Larger files are refused before parsing: a contract file is hand-written and small. */
  maxBytes: 512 * 1024,
  /** Deeper documents are refused: the language itself needs fewer than 15 levels. */
  maxDepth: 64,
  /** Alias expansions allowed when converting to data (billion-laughs guard). */
  maxAliasCount: 100,
} as const;

export interface ParsedFile {
  readonly file: string;
  readonly text: string;
  readonly doc: Document.Parsed | undefined;
  readonly lineCounter: LineCounter;
  /** The document as plain data, or undefined when it could not be read at all. */
  readonly data: unknown;
  readonly diagnostics: readonly Diagnostic[];
  /** Parts of the file a syntax error breaks: the later stages say nothing more about them, and skip them. */
  readonly broken: readonly BrokenPart[];
  /** Data checked at build time (a bundled preset): its patterns and globs are known to compile. */
  readonly trusted?: boolean;
  /**
   * The data is the schema's own reading of the file (defaults filled in), made when the bundle was built, and that
   * reading gave no diagnostic: the loader takes it as read instead of checking it again (a bundled preset).
   */
  readonly checked?: boolean;
}

export function positionAt(lineCounter: LineCounter, offset: number) {
  const { line, col } = lineCounter.linePos(offset);
  return { offset, line, col };
}

export function parseYaml(text: string, file: string): ParsedFile {
  const lineCounter = new LineCounter();
  // A UTF-16 code unit is at most 3 bytes of UTF-8: a text this short is under the limit without encoding it.
  const bytes = text.length * 3 <= LIMITS.maxBytes ? text.length : new TextEncoder().encode(text).length;
  if (bytes > LIMITS.maxBytes) {
    lineCounter.addNewLine(0);
    return {
      file,
      text,
      doc: undefined,
      lineCounter,
      data: undefined,
      broken: [],
      diagnostics: [
        {
          code: 'yaml-limit',
          severity: 'error',
          file,
          position: { offset: 0, line: 1, col: 1 },
          message: `file is ${bytes} bytes; the limit is ${LIMITS.maxBytes}`,
          hint: 'split the contracts into several files and list them under "extends"',
        },
      ],
    };
  }
  // logLevel silent: problems become diagnostics; the library must not also print to stderr (or the browser console).
  const options = {
    lineCounter,
    prettyErrors: false,
    uniqueKeys: true,
    strict: true,
    version: '1.2',
    logLevel: 'silent',
  } as const;
  // A large file re-checked after a keystroke is parsed contract by contract, the unchanged ones remembered; the
  // document is the one a whole parse gives, and anything it could read differently is parsed whole.
  const doc = parseByParts(text, options) ?? parseDocument(text, options);
  const describe = (e: YAMLError, severity: 'error' | 'warning' = 'error'): Diagnostic => ({
    code: 'yaml-syntax',
    severity,
    file,
    position: positionAt(lineCounter, e.pos[0]),
    message: firstLine(e.message),
    hint: yamlHint(e.code),
  });
  const syntax = reportSyntax(doc, lineCounter, file, describe);
  const { broken } = syntax;
  const diagnostics: Diagnostic[] = [...syntax.diagnostics, ...doc.warnings.map((w) => describe(w, 'warning'))];
  // The parser recovers from most syntax errors; the recovered document is still checked, so one typo does not
  // hide the other problems of the file, nor switch off the contracts that parsed cleanly. The parts a syntax error
  // breaks are skipped by the later stages (see syntax.ts).

  const tooDeep = findTooDeep(doc.contents, 0);
  if (tooDeep) {
    diagnostics.push({
      code: 'yaml-limit',
      severity: 'error',
      file,
      position: positionAt(lineCounter, tooDeep.range?.[0] ?? 0),
      message: `the document nests deeper than ${LIMITS.maxDepth} levels`,
      hint: 'flatten the structure; no part of the contract language needs this depth',
    });
    return { file, text, doc, lineCounter, data: undefined, diagnostics, broken };
  }
  try {
    const data = doc.toJS({ maxAliasCount: LIMITS.maxAliasCount });
    return { file, text, doc, lineCounter, data, diagnostics, broken };
  } catch (error) {
    diagnostics.push({
      code: 'yaml-limit',
      severity: 'error',
      file,
      position: { offset: 0, line: 1, col: 1 },
      message: `the document cannot be expanded: ${firstLine(String((error as Error).message ?? error))}`,
      hint: `use fewer aliases (*name): at most ${LIMITS.maxAliasCount} expansions are allowed`,
    });
    return { file, text, doc, lineCounter, data: undefined, diagnostics, broken };
  }
}

function findTooDeep(node: unknown, depth: number): Node | undefined {
  if (depth > LIMITS.maxDepth) return node as Node;
  if (isMap(node) || isSeq(node)) {
    for (const item of node.items) {
      const found = isPair(item)
        ? (findTooDeep(item.value, depth + 1) ?? findTooDeep(item.key, depth + 1))
        : findTooDeep(item, depth + 1);
      if (found) return found;
    }
  }
  return undefined;
}

/**
 * A file whose data was parsed at build time (a bundled preset): no parsing now; the positioned document is built
 * only if a diagnostic asks for a position.
 */
export function preparsedYaml(text: string | (() => string), file: string, data: unknown, checked = false): ParsedFile {
  let parsed: ParsedFile | undefined;
  // The text is read only when a position is needed: a bundled preset's text is unpacked on first use.
  const source = typeof text === 'string' ? () => text : text;
  const full = () => (parsed ??= parseYaml(source(), file));
  return {
    file,
    get text() {
      return source();
    },
    data,
    diagnostics: [],
    broken: [],
    trusted: true,
    checked,
    get doc() {
      return full().doc;
    },
    get lineCounter() {
      return full().lineCounter;
    },
  };
}

const firstLine = (message: string): string => message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '');

function yamlHint(code: string): string | undefined {
  switch (code) {
    case 'DUPLICATE_KEY':
      return 'remove one of the two keys; each key may appear once per mapping';
    case 'BAD_INDENT':
      return 'indent nested entries consistently with spaces (no tabs)';
    case 'TAB_AS_INDENT':
      return 'indent with spaces; YAML does not allow tabs for indentation';
    case 'MISSING_CHAR':
      return 'close the bracket or quote that was opened before this point';
    case 'MULTIPLE_DOCS':
      return 'keep one document per file (remove the extra "---")';
    case 'BLOCK_AS_IMPLICIT_KEY':
      return 'check the indentation and the ":" after the key on the line before';
    case 'RESOURCE_EXHAUSTION':
      return 'flatten the structure; it is nested too deeply to read';
    default:
      return 'check the YAML syntax near this position';
  }
}
