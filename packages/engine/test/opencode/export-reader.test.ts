// The streaming export reader on a real opencode 1.18.33 export and on damaged variants of it: everything it keeps,
// and a positioned error (never a crash) for everything it cannot read.
import { describe, expect, it } from 'vitest';
import { ExportError, ExportReader, MAX_DEPTH } from '@semantic-anchors/engine/opencode';
import { sessionText, variant } from './exports.js';

function read(text: string, size = 1000) {
  const infos: unknown[] = [];
  const messages: { value: unknown; line: number }[] = [];
  const reader = new ExportReader('session.json', {
    info: (v) => infos.push(v),
    message: (value, at) => messages.push({ value, line: at.line }),
  });
  let error: ExportError | undefined;
  try {
    for (let i = 0; i < text.length; i += size) reader.write(text.slice(i, i + size));
    reader.end();
  } catch (e) {
    if (!(e instanceof ExportError)) throw e;
    error = e;
  }
  return { infos, messages, error };
}

const message = (m: unknown) => m as { info: Record<string, unknown>; parts: Record<string, unknown>[] };

describe('reading a real export', () => {
  const whole = JSON.parse(sessionText) as { info: { id: string }; messages: unknown[] };

  it('hands over the info and every message, whatever the chunk size', () => {
    for (const size of [1, 7, 4096, 1 << 20]) {
      const r = read(sessionText, size);
      expect(r.error).toBeUndefined();
      expect(r.infos).toEqual([expect.objectContaining({ id: whole.info.id, title: 'Scripted session' })]);
      expect(r.messages).toHaveLength(whole.messages.length);
    }
  });

  it("keeps a tool call's name, input and status, and drops its output and the token counts", () => {
    const { messages } = read(sessionText);
    const tool = messages.flatMap((m) => message(m.value).parts).find((p) => p.type === 'tool')!;
    expect(tool).toMatchObject({ tool: 'bash', state: { status: 'completed', input: { command: 'echo one' } } });
    expect(tool.state).not.toHaveProperty('output');
    expect(message(messages[1]!.value).info).not.toHaveProperty('tokens');
  });

  it("gives each message's line in the file", () => {
    const { messages } = read(sessionText);
    const lines = sessionText.split('\n');
    for (const m of messages) expect(lines[m.line - 1]!.trim()).toBe('{');
  });

  it('skips a shell line redirected before the JSON and a byte order mark', () => {
    const r = read(`\uFEFFExporting session: ses_x\n${sessionText}`);
    expect(r.error).toBeUndefined();
    expect(r.messages).toHaveLength(whole.messages.length);
  });
});

describe('damaged exports', () => {
  it('a file cut short: the messages before the cut, then an error at the end of the file', () => {
    const cut = sessionText.slice(0, Math.floor(sessionText.length / 2));
    const r = read(cut);
    expect(r.messages.length).toBeGreaterThan(0);
    expect(r.error?.diagnostic.code).toBe('export-syntax');
    expect(r.error?.diagnostic.message).toMatch(/ends in the middle/);
    expect(r.error?.diagnostic.position?.line).toBe(cut.split('\n').length);
  });

  it('garbage in the middle: an error at its line and column', () => {
    const bad = variant(sessionText, '"role": "assistant"', '"role": assistant"');
    const r = read(bad);
    const at = bad.indexOf('"role": assistant"') + '"role": '.length;
    const line = bad.slice(0, at).split('\n').length;
    expect(r.error?.diagnostic).toMatchObject({ code: 'export-syntax', file: 'session.json' });
    expect(r.error?.diagnostic.position?.line).toBe(line);
    expect(r.error?.diagnostic.position?.col).toBe(at - bad.lastIndexOf('\n', at - 1));
  });

  it.each([
    ['a list', '[1, 2]', /is a list/],
    ['a number', '42', /no JSON document/],
    ['an object of something else', '{"a": 1}', /neither "info" nor "messages"/],
    ['empty', '', /no JSON document/],
    ['prose', 'hello\nworld\n', /no JSON document/],
  ])('a document that is %s: not an export, said at once', (_what, text, said) => {
    expect(read(text).error?.diagnostic.message).toMatch(said);
  });

  it('nesting deeper than any export: stopped at a bound, not by the stack', () => {
    const deep = `{"info": {"id": "x"}, "messages": [{"info": {"role": "user"}, "parts": ${'['.repeat(100_000)}`;
    const r = read(deep, 65536);
    expect(r.error?.diagnostic.message).toContain(`deeper than ${MAX_DEPTH}`);
  });

  it('a "__proto__" key stays data', () => {
    const text =
      '{"info": {"id": "x"}, "messages": [{"info": {"role": "user", "__proto__": {"polluted": 1}}, "parts": []}]}';
    const r = read(text);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(r.messages).toHaveLength(1);
  });
});
