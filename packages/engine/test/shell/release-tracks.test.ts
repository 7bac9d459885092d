// gcloud's release tracks (alpha, beta, preview) pick a variant of the whole CLI, not a command: `gcloud beta run
// deploy` is `run deploy` with the track kept as a global, so a rule on the command meets it (real round 10 found
// `gcloud beta run deploy` in public workflows, past every publishing rule).
import { describe, expect, it } from 'vitest';
import { parseShell } from '../../src/shell/index.js';

const first = (source: string) => parseShell(source).commands[0]!;

describe('gcloud release tracks', () => {
  it('are taken off before the command, after other global options too', () => {
    expect(first('gcloud beta run deploy shop --source .').positionals.slice(0, 2)).toEqual(['run', 'deploy']);
    expect(first('gcloud --project acme alpha storage rm gs://b/x').positionals.slice(0, 2)).toEqual(['storage', 'rm']);
    expect(first('gcloud preview app deploy').globals.map((g) => g.name)).toEqual(['preview']);
  });
  it('only before the command: a word named beta later is an operand', () => {
    expect(first('gcloud run services describe beta').positionals).toEqual(['run', 'services', 'describe', 'beta']);
    expect(first('kubectl get beta').positionals).toEqual(['get', 'beta']);
  });
});
