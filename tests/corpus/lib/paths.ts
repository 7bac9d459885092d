// Where the corpus and the presets live, so the test and the report script agree.
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

export const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
export const corpusDir = join(repoRoot, 'tests/corpus');
export const harmlessDir = join(corpusDir, 'harmless');
export const evasionDir = join(corpusDir, 'evasion');
/** Variants assembled across a line, a file and the session (issue 17), same format as evasion/, judged with it. */
export const assembledDir = join(corpusDir, 'assembled');
export const defaultPresetsDir = join(repoRoot, 'presets');
export const gateFile = join(corpusDir, 'gate.json');
