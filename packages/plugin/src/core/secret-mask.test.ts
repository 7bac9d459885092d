// The host's secret values never reach the model through a tool result: as they are, base64-encoded (alone, inside
// a longer base64 text, as opencode's Basic credentials), URL-encoded, JSON-escaped, in hex.
import { describe, expect, it } from 'vitest';
import { secretMask } from './secret-mask.js';

const PASSWORD = 'pw-4f9a/K+z=Q7';
const env = { OPENCODE_SERVER_PASSWORD: PASSWORD, TEAM_TOKEN: 'tok_1234567890', SHORT: 'abc' };
const mask = secretMask(['TEAM_TOKEN', 'SHORT', 'UNSET'], env);
const b64 = (s: string) => Buffer.from(s).toString('base64');

describe('masking secret values in tool results', () => {
  const spellings: [string, string][] = [
    ['as it is', `password=${PASSWORD}\n`],
    ['base64', b64(PASSWORD)],
    ['base64url', Buffer.from(PASSWORD).toString('base64url')],
    [
      'inside a longer base64 text, at every alignment',
      b64(`x${PASSWORD}yz`) + b64(`xy${PASSWORD}`) + b64(`${PASSWORD}!`),
    ],
    ["opencode's Basic credentials", `Authorization: Basic ${b64(`opencode:${PASSWORD}`)}`],
    ['URL-encoded', `?p=${encodeURIComponent(PASSWORD)}`],
    ['JSON-escaped', JSON.stringify({ p: PASSWORD })],
    ['hex', Buffer.from(PASSWORD).toString('hex')],
  ];
  for (const [what, text] of spellings) {
    it(`masks the password ${what}`, () => {
      const out = mask.apply(text);
      expect(out).toContain('[masked: OPENCODE_SERVER_PASSWORD]');
      expect(out).not.toContain(PASSWORD);
      expect(mask.finds(out)).toBe(false);
    });
  }
  it('masks every string of a result in place: output, title, metadata', () => {
    const result = { title: `echo ${PASSWORD}`, output: `tok_1234567890\n`, metadata: { output: [PASSWORD], exit: 0 } };
    mask.apply(result);
    expect(JSON.stringify(result)).not.toContain(PASSWORD);
    expect(result.output).toBe('[masked: TEAM_TOKEN]\n');
    expect(result.metadata.exit).toBe(0);
  });
  it('leaves short values alone and names them, never their values', () => {
    expect(mask.tooShort).toEqual(['SHORT']);
    expect(mask.apply('abc abc')).toBe('abc abc');
  });
  it('changes nothing when no secret is set', () => {
    const none = secretMask([], {});
    const result = { output: 'hello' };
    expect(none.apply(result)).toBe(result);
  });
});
