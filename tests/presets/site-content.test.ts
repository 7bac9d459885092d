// The role pages the site shows (site-content/roles/<role>.md): one per preset, front matter the site's content
// schema reads (title, summary, order 1..12), and every anchor the preset links is named and linked on its page,
// with links that resolve in the pinned catalogue.
import { describe, expect, it } from 'vitest';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { ORIGINAL_ROLES, pinnedAnchorIds, presetContracts, repoRoot } from './helpers.js';

const dir = join(repoRoot, 'site-content/roles');
const pages = readdirSync(dir)
  .filter((f) => f.endsWith('.md'))
  .sort()
  .map((name) => {
    const text = readFileSync(join(dir, name), 'utf8');
    const m = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(text);
    return {
      name,
      role: name.replace(/\.md$/, ''),
      front: m ? (parse(m[1]!) as Record<string, unknown>) : undefined,
      body: m?.[2] ?? '',
    };
  });
const ANCHOR_LINK = /https:\/\/llm-coding\.github\.io\/Semantic-Anchors\/anchor\/([a-z0-9-]+)\)/g;

describe('role pages', () => {
  it('exist for exactly the twelve presets, ordered 1..12 in the catalogue order of the issue', () => {
    expect(pages.map((p) => p.role)).toEqual([...ORIGINAL_ROLES].sort());
    expect(pages.map((p) => p.front?.order).sort((a, b) => Number(a) - Number(b))).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12,
    ]);
  });

  describe.each(pages)('$name', ({ role, front, body }) => {
    it('has front matter with exactly title, summary and order', () => {
      expect(front).toBeDefined();
      expect(Object.keys(front!).sort()).toEqual(['order', 'summary', 'title']);
      expect(typeof front!.title).toBe('string');
      expect(String(front!.summary).length).toBeGreaterThan(40);
    });

    it('says who the role is, what the preset enforces and which anchors it rests on', () => {
      expect(body).toMatch(/^## Who this is for$/m);
      expect(body).toMatch(/^## What the preset enforces, and why$/m);
      expect(body).toMatch(/^## The anchors behind it$/m);
      expect(body).toMatch(
        /Semantic Anchors\]\(https:\/\/github\.com\/LLM-Coding\/Semantic-Anchors\) catalogue \(Apache-2\.0\)/,
      );
    });

    it('links every anchor its preset rests on, and only anchors that exist', () => {
      const linked = new Set([...body.matchAll(ANCHOR_LINK)].map((m) => m[1]!));
      const known = pinnedAnchorIds();
      expect([...linked].filter((id) => !known.has(id))).toEqual([]);
      const used = new Set(presetContracts(role).flatMap((c) => c.contract.anchorRefs));
      expect([...used].filter((id) => !linked.has(id))).toEqual([]);
    });
  });
});
