// Hostile 1 MB inputs built to make a backtracking scanner go quadratic or worse must finish quickly.
// The bound is generous and counts CPU time; the printed figures are what to watch.
import { afterAll, describe, expect, it } from 'vitest';
import { findSecrets } from '../../src/secrets/index.js';
import { cpuMs } from '../helpers.js';

const MB = 1 << 20;
const fill = (unit: string): string => unit.repeat(Math.ceil(MB / unit.length)).slice(0, MB);
// A quadratic scan of 1 MB takes minutes; 5 s of CPU time (not wall time, which other processes inflate) is generous.
const BOUND_MS = 5000;

const hostile: Record<string, string> = {
  'one letter': fill('a'),
  'random base64': fill(`${'Qk9yX2ZvbzEyMy8rPT0K'.repeat(3)}zZ8/+aB`),
  'password= repeated': fill('password='),
  'unterminated quoted values': fill('"password": "'),
  'key names with no operator': fill('DB_PASSWORD '),
  'a secret on every line': fill('DB_PASSWORD=Zq7!mR2#vX9p\n'),
  'user equals password everywhere': fill('POSTGRES_USER: orders1\nPOSTGRES_PASSWORD: orders1\n'),
  'token prefixes': fill('ghp_sk-sk_live_xoxb-AKIAnpm_SG.glpat-hvs.'),
  'one huge token run': `ghp_${fill('A')}`,
  'slack-like dashes': `xoxb-${fill('1a-')}`,
  'JWT starts': fill('eyJ'),
  'JWT dots': fill('eyJhbGciOi.'),
  'private key markers': fill('-----BEGIN PRIVATE KEY-----'),
  'PRIVATE KEY without BEGIN': fill('PRIVATE KEY'),
  'URL scheme separators': fill('://'),
  'user-info without @': fill('postgres://user:pass'),
  'user-info with @ and no host': fill('a://b:cdefgh@'),
  'mysql -p on one line': `mysql ${fill(' -pA')}`,
  'curl -u repeated': fill(' -u aaaa'),
  'sshpass repeated': fill('sshpass -p '),
  'registry login -p repeated': `docker login ${fill(' -p a')}`,
  'nested template braces': fill('${{'),
  'operators only': fill(' = : => := '),
  // The XML reader (xml.ts): open elements that never close, attributes that never end, key= without value=.
  'XML password elements never closed': fill('<password>'),
  'XML password element, no end tag': `<password>${fill('Xk9')}`,
  'XML key= attributes with no value=': fill('<add key="ApiKey" '),
  'XML unterminated attribute values': fill('<add key="ApiKey" value="'),
  'XML nested credential tags': fill('<secret><password><token>'),
  // The split-literal reader (split-literals.ts): quotes joined by + or spaces, runs that never end.
  'string literals joined by +': fill("'ghp_' + "),
  'empty literals side by side': fill("''"),
  'unterminated literals': fill("'ghp_ + "),
  'vault_ prefixes': fill('vault_vault_vault_'),
};

const figures: string[] = [];

describe('secret detection on hostile 1 MB inputs', () => {
  for (const [name, text] of Object.entries(hostile)) {
    it(`${name} finishes in linear time`, () => {
      let found: ReturnType<typeof findSecrets> = [];
      const ms = Math.max(
        cpuMs(() => (found = findSecrets(text, { path: 'src/config.ts' }))),
        cpuMs(() => findSecrets(text, { path: '.env' })),
      );
      figures.push(`${name.padEnd(32)} ${ms.toFixed(1).padStart(7)} ms  ${found.length} findings`);
      expect(ms).toBeLessThan(BOUND_MS);
    });
  }
  it('finds nothing quickly in ordinary code (the common case)', () => {
    const code = fill('export function add(a: number, b: number): number {\n  return a + b; // sum\n}\n');
    const t0 = performance.now();
    expect(findSecrets(code, { path: 'src/math.ts' })).toEqual([]);
    figures.push(`${'ordinary code (1 MB)'.padEnd(32)} ${(performance.now() - t0).toFixed(1).padStart(7)} ms`);
  });
  afterAll(() => console.log(`secrets, 1 MB inputs:\n${figures.join('\n')}`));
});
