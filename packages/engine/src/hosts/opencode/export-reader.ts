// Reads an `opencode export` file as a stream: takes chunks (bytes or text); hands over the session's `info` and
// each of `messages[]` as soon as it is complete, keeping only the fields replay needs (a tool's output, a file's
// content, token counts are never assembled), so memory stays bounded by one message, not by the file.
// A document that is not JSON, or not an export, stops with a positioned error; what was read before it stands.
import { Tokenizer, TokenType } from '@streamparser/json';
import type { Diagnostic } from '../../diagnostics.js';
import { LineCounter, type StreamPosition } from './line-counter.js';
import { StringCap } from './string-cap.js';

/** The fields kept, by path; `true` keeps a whole subtree, '*' stands for any array index. */
type Keep = true | { readonly [key: string]: Keep };

const MESSAGE_SHAPE: Keep = {
  info: { id: true, role: true, agent: true, sessionID: true, time: { created: true } },
  parts: {
    '*': {
      type: true,
      id: true,
      text: true,
      synthetic: true,
      url: true,
      filename: true,
      mime: true,
      source: { path: true },
      tool: true,
      callID: true,
      state: { status: true, input: true, error: true, metadata: { sessionId: true } },
    },
  },
};
const INFO_SHAPE: Keep = {
  id: true,
  parentID: true,
  title: true,
  directory: true,
  agent: true,
  version: true,
  time: { created: true },
};

export interface ExportSink {
  /** The session's `info` object (as written; the caller checks its shape). */
  info(info: unknown, at: StreamPosition): void;
  /** One element of `messages[]`, with the kept fields only. */
  message(message: unknown, at: StreamPosition): void;
}

/**
 * Strings longer than this (in bytes) are cut before the tokenizer assembles them: memory stays bounded whatever one
 * string holds. Eight times the engine's own limit on an argument, so a cut argument is judged as the whole would be.
 */
export const MAX_STRING_BYTES = 8 * 1024 * 1024;

/** Nesting deeper than this is no export: stop before a hostile file grows the stack. */
export const MAX_DEPTH = 256;
/** Text before the JSON (a shell's "Exporting session: …" line redirected into the file) is skipped up to this. */
const MAX_PREAMBLE = 64 * 1024;

export class ExportError extends Error {
  constructor(readonly diagnostic: Diagnostic) {
    super(diagnostic.message);
  }
}

const NOWHERE: StreamPosition = { offset: 0, line: 0, col: 0 };

type Role = 'root' | 'info' | 'messages' | 'message' | 'other';

interface Frame {
  readonly array: boolean;
  readonly keep: Keep | undefined;
  readonly value: Record<string, unknown> | unknown[] | undefined;
  readonly role: Role;
  /** Where the value starts, computed when it opens (the chunk it started in may be long gone when it closes). */
  readonly at: StreamPosition;
  key: string | undefined;
  /** What the grammar expects next inside this object or list. */
  state: 'key' | 'colon' | 'value' | 'comma';
  members: number;
}

export class ExportReader {
  private readonly lines = new LineCounter();
  private readonly tokenizer = new Tokenizer();
  private readonly cap: StringCap;
  private readonly stack: Frame[] = [];
  private preamble: 'looking' | 'done' = 'looking';
  private preambleBytes = 0;
  private rootSeen = false;
  private rootDone = false;
  private sawInfo = false;
  private sawMessages = false;
  private readonly encoder = new TextEncoder();

  constructor(
    private readonly file: string,
    private readonly sink: ExportSink,
    maxStringBytes: number = MAX_STRING_BYTES,
  ) {
    this.cap = new StringCap(maxStringBytes);
    this.tokenizer.onToken = ({ token, value, offset }) => this.token(token, value, this.fileOffset(offset));
    this.tokenizer.onError = (error) => {
      throw error;
    };
  }

  get bytes(): number {
    return this.lines.bytes;
  }

  write(chunk: Uint8Array | string): void {
    let bytes = typeof chunk === 'string' ? this.encoder.encode(chunk) : chunk;
    this.lines.feed(bytes);
    if (this.preamble === 'looking') {
      // A UTF-8 byte order mark at the very start is no text before the document.
      if (this.preambleBytes === 0 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
        this.preambleBytes = 3;
        bytes = bytes.subarray(3);
      }
      bytes = this.skipPreamble(bytes);
      if (bytes.length === 0) return;
    }
    try {
      this.tokenizer.write(this.cap.filter(bytes));
    } catch (error) {
      throw this.fail(error);
    }
  }

  /** A tokenizer offset → the file's: the text skipped before the document, and the bytes of capped strings. */
  private fileOffset(offset: number): number {
    return this.cap.inputOffset(offset) + this.preambleBytes;
  }

  /** The input is complete: a document cut short is an error positioned at its end. */
  end(): void {
    if (this.preamble === 'looking') throw this.shapeError(this.lines.bytes, 'the file holds no JSON document');
    try {
      this.tokenizer.end();
    } catch (error) {
      throw this.fail(error);
    }
    if (this.stack.length > 0)
      throw this.error(
        'export-syntax',
        this.lines.bytes,
        'the file ends in the middle of the JSON document (cut short?)',
        'export the session again: opencode export <sessionID> > file.json',
      );
    if (!this.rootSeen) throw this.shapeError(this.lines.bytes, 'the file holds no JSON document');
    if (!this.sawInfo && !this.sawMessages)
      throw this.shapeError(0, 'this JSON has neither "info" nor "messages": it is not an opencode export');
  }

  private skipPreamble(bytes: Uint8Array): Uint8Array {
    // The document starts at the first "{" or "[" that begins a line (after spaces).
    for (let i = 0; i < bytes.length; i++) {
      const b = bytes[i]!;
      if (this.atLineStart && (b === 0x7b || b === 0x5b)) {
        this.preamble = 'done';
        this.preambleBytes += i;
        return bytes.subarray(i);
      }
      if (b === 0x0a) this.atLineStart = true;
      else if (b !== 0x20 && b !== 0x09 && b !== 0x0d) this.atLineStart = false;
    }
    this.preambleBytes += bytes.length;
    if (this.preambleBytes > MAX_PREAMBLE)
      throw this.shapeError(0, `no JSON document in the first ${MAX_PREAMBLE} bytes: this is not an opencode export`);
    return bytes.subarray(bytes.length);
  }

  private atLineStart = true;

  // The tokenizer only cuts the bytes into tokens; the grammar (keys, colons, commas, matching brackets) is
  // checked here, so a document that is cut short or malformed is caught where it goes wrong.
  private token(token: TokenType, value: unknown, offset: number): void {
    const top = this.stack.at(-1);
    if (!top) {
      if (this.rootDone) throw this.syntaxError(offset, 'more text after the end of the JSON document');
      this.value(token, value, offset);
      return;
    }
    switch (top.state) {
      case 'key':
        if (token === TokenType.STRING) {
          top.key = value as string;
          top.state = 'colon';
        } else if (token === TokenType.RIGHT_BRACE && top.members === 0) this.close();
        else throw this.syntaxError(offset, 'expected a key in double quotes');
        return;
      case 'colon':
        if (token !== TokenType.COLON) throw this.syntaxError(offset, 'expected ":" after the key');
        top.state = 'value';
        return;
      case 'value':
        if (token === TokenType.RIGHT_BRACKET && top.array && top.members === 0) {
          this.close();
          return;
        }
        top.state = 'comma';
        top.members++;
        this.value(token, value, offset);
        return;
      case 'comma':
        if (token === TokenType.COMMA) top.state = top.array ? 'value' : 'key';
        else if (token === (top.array ? TokenType.RIGHT_BRACKET : TokenType.RIGHT_BRACE)) this.close();
        else throw this.syntaxError(offset, `expected "," or "${top.array ? ']' : '}'}"`);
        return;
    }
  }

  private value(token: TokenType, value: unknown, offset: number): void {
    switch (token) {
      case TokenType.LEFT_BRACE:
      case TokenType.LEFT_BRACKET:
        this.open(token === TokenType.LEFT_BRACKET, offset);
        return;
      case TokenType.STRING:
      case TokenType.NUMBER:
      case TokenType.TRUE:
      case TokenType.FALSE:
      case TokenType.NULL:
        this.primitive(value, offset);
        return;
      default:
        throw this.syntaxError(offset, 'expected a value');
    }
  }

  /** Where a value starting now belongs: its role and what of it to keep. */
  private child(): { role: Role; keep: Keep | undefined } {
    const top = this.stack.at(-1);
    if (!top) return { role: 'root', keep: {} };
    const name = top.array ? '*' : (top.key ?? '');
    if (top.role === 'root') {
      if (name === 'info') return { role: 'info', keep: INFO_SHAPE };
      if (name === 'messages') return { role: 'messages', keep: undefined };
      return { role: 'other', keep: undefined };
    }
    if (top.role === 'messages') return { role: 'message', keep: MESSAGE_SHAPE };
    if (top.keep === undefined) return { role: 'other', keep: undefined };
    if (top.keep === true) return { role: 'other', keep: true };
    return { role: 'other', keep: Object.hasOwn(top.keep, name) ? top.keep[name] : undefined };
  }

  private open(array: boolean, offset: number): void {
    if (this.stack.length >= MAX_DEPTH)
      throw this.shapeError(offset, `the JSON nests deeper than ${MAX_DEPTH} levels: this is not an opencode export`);
    const { role, keep } = this.child();
    if (role === 'root') {
      if (array)
        throw this.shapeError(
          offset,
          'the document is a list, not an opencode export (an object with "info" and "messages")',
        );
      this.rootSeen = true;
    }
    if (role === 'messages') {
      this.sawMessages = true;
      if (!array) throw this.shapeError(offset, '"messages" is not a list');
    }
    const value = keep === undefined ? undefined : array ? [] : {};
    const at = role === 'info' || role === 'message' ? this.lines.position(offset) : NOWHERE;
    this.stack.push({ array, keep, value, role, at, key: undefined, state: array ? 'value' : 'key', members: 0 });
  }

  private close(): void {
    const frame = this.stack.pop();
    if (!frame) return;
    if (this.stack.length === 0) this.rootDone = true;
    if (frame.role === 'info') {
      this.sawInfo = true;
      this.sink.info(frame.value, frame.at);
    } else if (frame.role === 'message') {
      this.sink.message(frame.value, frame.at);
    } else if (frame.value !== undefined) this.assign(frame.value);
  }

  private primitive(value: unknown, offset: number): void {
    if (this.stack.length === 0) throw this.shapeError(offset, 'the document is not an object: not an opencode export');
    const top = this.stack.at(-1)!;
    if (top.role === 'messages') {
      this.sink.message(value, this.lines.position(offset)); // a stray scalar in messages[]: the caller counts it
      return;
    }
    if (this.child().keep !== undefined) this.assign(value);
  }

  private assign(value: unknown): void {
    const top = this.stack.at(-1);
    if (!top?.value) return;
    if (Array.isArray(top.value)) top.value.push(value);
    else if (top.key !== undefined) {
      // INVARIANT: a key like "__proto__" is stored as data, never as the object's prototype.
      Object.defineProperty(top.value, top.key, { value, enumerable: true, writable: true, configurable: true });
    }
  }

  private fail(error: unknown): ExportError {
    if (error instanceof ExportError) return error;
    const message = error instanceof Error ? error.message : String(error);
    const at = /absolute position "(\d+)"/.exec(message);
    const offset = at ? this.fileOffset(Number(at[1])) : this.lines.bytes;
    const cut = /ended in the middle|not all the data/i.test(message);
    const what = cut
      ? 'the file ends in the middle of the JSON document (cut short?)'
      : `not valid JSON here (${message.replace(/ at chunk position.*$/, '')})`;
    return this.error(
      'export-syntax',
      offset,
      what,
      cut ? 'export the session again: opencode export <sessionID> > file.json' : undefined,
    );
  }

  private syntaxError(offset: number, message: string): ExportError {
    return this.error('export-syntax', offset, `not valid JSON here: ${message}`);
  }

  private shapeError(offset: number, message: string): ExportError {
    return this.error('export-shape', offset, message, 'pass a file written by: opencode export <sessionID>');
  }

  private error(code: 'export-syntax' | 'export-shape', offset: number, message: string, hint?: string): ExportError {
    const p = this.lines.position(offset);
    return new ExportError({
      code,
      severity: 'error',
      file: this.file,
      position: { offset, line: p.line, col: p.col },
      message,
      ...(hint ? { hint } : {}),
    });
  }
}
