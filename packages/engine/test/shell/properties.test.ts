// parseShell never throws and stays bounded, whatever it is given: random text, shell-shaped noise, and the
// hostile shapes (deep nesting, huge lists, wrapper towers) that would make a naive walker explode.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ONE_LINER_LIMITS, scanOneLiner } from '../../src/shell/one-liners.js';
import { parseShell, SHELL_LIMITS, type ShellModel } from '../../src/shell/index.js';
import { cpuMs } from '../helpers.js';

/** Every index in the model points at a command that exists; spans stay inside the source. */
function wellFormed(model: ShellModel, source: string): void {
  expect(model.commands.length).toBeLessThanOrEqual(SHELL_LIMITS.maxCommands);
  for (const c of model.commands) {
    expect(c.start).toBeGreaterThanOrEqual(0);
    expect(c.end).toBeLessThanOrEqual(source.length);
    expect(c.start).toBeLessThanOrEqual(c.end);
  }
  for (const e of model.effects) expect(model.commands[e.command]).toBeDefined();
  for (const s of model.scripts) expect(model.commands[s.command]).toBeDefined();
  for (const o of model.opaque) if (o.command !== undefined) expect(model.commands[o.command]).toBeDefined();
  if (model.error) expect(model.opaque.some((o) => o.reason === 'unparseable')).toBe(true);
}

const TOKENS = [
  '$(',
  ')',
  '`',
  '\\`',
  '"',
  "'",
  "$'",
  '<<',
  '<<-',
  'EOF',
  "'EOF'",
  '\n',
  ' ',
  ';',
  '&&',
  '||',
  '|',
  '&',
  '{',
  '}',
  '(',
  '((',
  '))',
  '[[',
  ']]',
  '<(',
  '>(',
  '>',
  '>>',
  '&>',
  '2>&1',
  '<',
  'bash -c ',
  'sh -c ',
  'eval ',
  'sudo ',
  'env A=1 ',
  'xargs ',
  'timeout 5 ',
  'watch ',
  'find . -exec ',
  ' \\;',
  'git push -f',
  'rm -rf x',
  'cd d',
  '$X',
  '${X:-',
  'case x in a) ',
  ';;',
  'esac',
  'if ',
  'then ',
  'fi',
  'for i in ',
  'do ',
  'done',
  'f() ',
  'tee f',
  'cat',
  'python -c ',
  'source ',
  './x.sh',
  '-C',
  '--',
  '=',
  '#',
  '\\',
];

describe('parseShell on any input', () => {
  it('never throws on random text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 400, unit: 'binary' }), (source) => {
        wellFormed(parseShell(source), source);
      }),
      { numRuns: 2000 },
    );
  });

  it('never throws on shell-shaped noise', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...TOKENS), { maxLength: 80 }), (parts) => {
        const source = parts.join('');
        wellFormed(parseShell(source), source);
      }),
      { numRuns: 3000 },
    );
  });

  it('is a pure function of its input', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...TOKENS), { maxLength: 40 }), (parts) => {
        const source = parts.join('');
        // The options bypass the memo, so this compares a cached result with a fresh one.
        expect(parseShell(source, { maxDepth: SHELL_LIMITS.maxDepth })).toEqual(parseShell(source));
      }),
      { numRuns: 500 },
    );
  });
});

describe('parseShell on hostile input', () => {
  it('stops unwrapping a tower of wrappers at the depth bound', () => {
    const model = parseShell(`${'sudo '.repeat(50)}git push`);
    expect(model.opaque.map((o) => o.reason)).toContain('depth');
  });

  it('stops re-parsing nested eval strings at the depth bound', () => {
    let source = 'git push';
    for (let i = 0; i < 12; i++) source = `eval ${JSON.stringify(source).replace(/\$/g, '\\$')}`;
    const model = parseShell(source);
    wellFormed(model, source);
    expect(model.opaque.map((o) => o.reason)).toContain('depth');
  });

  it('stops descending into deeply nested substitutions', () => {
    const source = `${'echo $('.repeat(40)}id${')'.repeat(40)}`;
    const model = parseShell(source);
    wellFormed(model, source);
    expect(model.opaque.some((o) => o.reason === 'depth' || o.reason === 'unparseable')).toBe(true);
  });

  it('caps the number of simple commands', () => {
    const source = 'a;'.repeat(5000);
    const model = parseShell(source);
    expect(model.commands).toHaveLength(SHELL_LIMITS.maxCommands);
    expect(model.opaque.filter((o) => o.reason === 'depth')).toHaveLength(1);
  });

  it('cuts input over maxBytes and reports it', () => {
    const source = `git push -f\n${'x'.repeat(SHELL_LIMITS.maxBytes)}`;
    const model = parseShell(source);
    expect(model.error?.message).toMatch(/longer than/);
    expect(model.commands.map((c) => c.program)).toEqual(['git']);
  });

  it('survives deep parenthesis and brace nesting', () => {
    for (const source of [
      '('.repeat(5000),
      '{ '.repeat(5000),
      '$('.repeat(5000),
      '"$('.repeat(3000),
      `${'[[ '.repeat(2000)}`,
    ]) {
      wellFormed(parseShell(source), source);
    }
  });
});

describe('interpreter one-liners on hostile input', () => {
  // 1 MB of each shape: the scan must stay linear (no backtracking, no re-scan per call) and bounded in findings.
  const MB = 1 << 20;
  const shapes: Record<string, string> = {
    'call openings': 'os.system('.repeat(MB / 10),
    'open strings': "'".repeat(MB),
    'string prefixes': 'rb'.repeat(MB / 2),
    'dotted names': 'a.'.repeat(MB / 2),
    'nested parentheses': 'open('.repeat(MB / 5),
    'list openings': 'subprocess.run(['.repeat(MB / 16),
    escapes: `'${'\\'.repeat(MB)}`,
    'template substitutions': `\`${'${'.repeat(MB / 2)}`,
    'recognised calls': "os.system('git push -f'); ".repeat(MB / 26),
    requires: "require('fs').".repeat(MB / 14),
  };
  for (const [name, code] of Object.entries(shapes)) {
    it(`scans 1 MB of ${name} quickly, with at most ${ONE_LINER_LIMITS.maxCalls} findings`, () => {
      for (const family of ['python', 'node', 'perl', 'ruby', 'php']) {
        let found: ReturnType<typeof scanOneLiner> = [];
        // CPU time, not wall time: the machine's other work must not fail a linearity guard (a quadratic scan of
        // 1 MB takes minutes).
        expect(
          cpuMs(() => (found = scanOneLiner(family, code))),
          `${family}: CPU time`,
        ).toBeLessThan(1000);
        expect(found.length).toBeLessThanOrEqual(ONE_LINER_LIMITS.maxCalls);
      }
    });
  }

  it('keeps a recognised call inside a long one-liner and stays bounded through parseShell', () => {
    const code = `${"os.system('git push -f origin main'); ".repeat(1000)}x=1`;
    const model = parseShell(`python3 -c "${code}"`);
    expect(model.commands.filter((c) => c.program === 'git')).toHaveLength(ONE_LINER_LIMITS.maxCalls);
    expect(model.opaque.map((o) => o.reason)).toEqual(['inline-script']);
  });
});
