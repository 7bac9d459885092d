#!/usr/bin/env node
// Re-derives presets/catalogue/*.json from the pinned Semantic Anchors catalogue data
// (../shared/semantic-anchors by default, or the folder given as the first argument).
// Only facts are kept (ids, titles, roles, categories, tier, links): the catalogue's prose is not copied.
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const source = resolve(process.argv[2] ?? join(here, '../../../shared/semantic-anchors'));
const out = join(here, '../catalogue');

// The upstream commit the data was taken from; update it together with the data.
const PINNED_COMMIT = '1ca7f95b70c822a5a7fcf012306d7de513a40e12';
const PINNED_DATE = '2026-07-18';

const read = (name) => JSON.parse(readFileSync(join(source, name), 'utf8'));
const byId = (a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

const anchors = read('anchors.json')
  .map((a) => ({
    id: a.id,
    title: a.title,
    categories: [...a.categories].sort(),
    roles: [...a.roles].sort(),
    tier: a.tier ?? null,
    proponents: a.proponents ?? [],
    url: a.url,
    urlDe: a.urlDe,
    source: a.source,
  }))
  .sort(byId);
const roles = read('roles.json')
  .map((r) => ({
    id: r.id,
    name: r.name ?? titleCase(r.id),
    documented: r.documented,
    original12: r.original12,
    anchors: [...r.anchors].sort(),
  }))
  .sort(byId);
const categories = read('categories.json')
  .map((c) => ({ id: c.id, name: c.name, anchors: [...c.anchors].sort() }))
  .sort(byId);

const meta = {
  name: 'Semantic Anchors',
  repository: 'https://github.com/LLM-Coding/Semantic-Anchors',
  site: 'https://llm-coding.github.io/Semantic-Anchors/',
  license: 'Apache-2.0',
  commit: PINNED_COMMIT,
  date: PINNED_DATE,
  counts: { anchors: anchors.length, roles: roles.length, categories: categories.length },
};

mkdirSync(out, { recursive: true });
const write = (name, data) => writeFileSync(join(out, name), `${JSON.stringify(data, null, 1)}\n`);
write('meta.json', meta);
write('anchors.json', anchors);
write('roles.json', roles);
write('categories.json', categories);
console.log(
  `catalogue: ${anchors.length} anchors, ${roles.length} roles, ${categories.length} categories (commit ${PINNED_COMMIT.slice(0, 12)})`,
);

// Two roles appear on anchors without a role page and so without a name upstream.
function titleCase(id) {
  return id
    .split('-')
    .map((w) => w[0].toUpperCase() + w.slice(1))
    .join(' ');
}
