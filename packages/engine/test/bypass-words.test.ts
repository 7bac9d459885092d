// How the words after `/anchor bypass` are read: leading ids are the scope, a near miss of an id is refused with a
// did-you-mean (never folded into the reason), any other word starts the reason. One row per case.
import { describe, expect, it } from 'vitest';
import { readBypassWords } from '@semantic-anchors/engine';

const KNOWN = [
  'anchor-protect-contract-files',
  'anchor-protect-host-files',
  'no-force-push-main',
  'main-through-pull-requests',
  'no-terraform-destroy',
  'tdd',
];

const read: [text: string, ids: string[], reason: string][] = [
  ['the release manager agreed', [], 'the release manager agreed'],
  ['hot-fix approved', [], 'hot-fix approved'],
  ['follow-up: ticket 42', [], 'follow-up: ticket 42'],
  ['no-force-push-main agreed', ['no-force-push-main'], 'agreed'],
  [
    'no-force-push-main main-through-pull-requests rewriting main',
    ['no-force-push-main', 'main-through-pull-requests'],
    'rewriting main',
  ],
  ['no-force-push-main,main-through-pull-requests ok', ['no-force-push-main', 'main-through-pull-requests'], 'ok'],
  ['tdd spike first', ['tdd'], 'spike first'],
  ['  no-terraform-destroy   ', ['no-terraform-destroy'], ''],
  ['-- no-force-push-mian is a phrase', [], 'no-force-push-mian is a phrase'],
  ['no-terraform-destroy -- anchor-protect-host-file', ['no-terraform-destroy'], 'anchor-protect-host-file'],
  ['', [], ''],
];

const refused: [text: string, suggestion: string][] = [
  ['no-force-psuh-main ok', '"no-force-push-main"'],
  ['no-force-push ok', '"no-force-push-main"'],
  ['anchor-protect-contract-file fine', '"anchor-protect-contract-files"'],
  ['anchor-protect-everything fine', 'no contract "anchor-protect-everything"'],
  ['no-terraform-destroy no-terraform-destory ok', '"no-terraform-destroy"'],
  ['no-force-push-main,no-such-contract ok', 'no contract "no-such-contract"'],
];

describe('reading the words after /anchor bypass', () => {
  for (const [text, ids, reason] of read) {
    it(`"${text}" → ids [${ids.join(', ')}], reason "${reason}"`, () => {
      const r = readBypassWords(KNOWN, text);
      expect(r).toMatchObject({ ok: true, ids, reason });
    });
  }
  for (const [text, says] of refused) {
    it(`"${text}" is refused: ${says}`, () => {
      const r = readBypassWords(KNOWN, text);
      expect(r.ok).toBe(false);
      if (!r.ok) {
        expect(r.refusal).toContain(says);
        expect(r.refusal).toContain('nothing was spent');
      }
    });
  }
  it('says when a hyphenated first word was read as the reason', () => {
    const r = readBypassWords(KNOWN, 'hot-fix approved');
    expect(r.ok && r.note).toBe(
      '"hot-fix" was read as the start of the reason: no contract has that id or one close to it.',
    );
  });
  it('tells the human how to keep a near miss as the reason', () => {
    const r = readBypassWords(KNOWN, 'no-force-push please');
    expect(!r.ok && r.refusal).toContain('/anchor bypass -- <reason>');
  });
});
