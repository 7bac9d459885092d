// The editor suites' fixture files under fixtures/editor/, and their site set-up (support/site.ts).
import { readFileSync } from 'node:fs';

export const editorFixture = (name: string): string =>
  readFileSync(new URL(`../fixtures/editor/${name}`, import.meta.url), 'utf8');
export const editorFixturePath = (name: string): string =>
  new URL(`../fixtures/editor/${name}`, import.meta.url).pathname;

export { useSite as useEditorSite } from './site.js';
