import { describe, expect, it } from 'vitest';
import { parseJsonc } from './jsonc.js';

describe('opencode.jsonc', () => {
  it('accepts comments and trailing commas, and keeps // inside strings', () => {
    const text = '{\n  // the plugins\n  "plugin": ["file:///a//b.js", /* two */ "x",],\n}\n';
    expect(parseJsonc(text)).toEqual({ ok: true, value: { plugin: ['file:///a//b.js', 'x'] } });
  });

  it('reports line:col of a syntax error in the original text', () => {
    const result = parseJsonc('{\n  // c\n  "plugin": [\n    "a" "b"\n  ]\n}');
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toMatch(/^4:9: /);
  });
});
