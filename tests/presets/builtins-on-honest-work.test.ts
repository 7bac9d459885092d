// The plugin's built-in self-protection on a day of honest work: every call of the harmless corpus, replayed under its
// role's preset with the protections the plugin turns on for every project — the real protect facts the plugin finds
// (git hooks and config, the contract files, opencode's configuration files and folders and its own data, the shell's
// startup files, the server) — must run. The built-ins' own evasions and look-alikes are in the engine's tests
// (git-hooks-builtin.test.ts, edges.test.ts); this pins that honest work never meets them.
import { describe, expect, it } from 'vitest';
import { compile, loadConfig, startState, step } from '@semantic-anchors/engine';
import { harmlessFiles, readHarmless, type CorpusProblem } from '../corpus/lib/files.js';
import { harmlessDir } from '../corpus/lib/paths.js';
import { protectFacts } from '../../packages/plugin/src/core/protection.js';

describe('built-in self-protection on honest work', () => {
  it('stops none of the harmless corpus calls', () => {
    const problems: CorpusProblem[] = [];
    const stopped: string[] = [];
    let calls = 0;
    for (const file of harmlessFiles(harmlessDir)) {
      const corpus = readHarmless(file, problems);
      for (const session of corpus?.sessions ?? []) {
        const loaded = loadConfig(`version: 1\nextends: [${corpus!.role}]\n`, {
          file: 'opencode-semantic-anchors.yaml',
        });
        const home = /^\/(?:home\/[^/]+|root)/.exec(session.root)?.[0] ?? '/home/dev';
        const protect = protectFacts(
          {
            directory: session.root,
            worktree: session.root,
            home,
            env: {},
            serverUrl: 'http://127.0.0.1:4096',
            pluginFile: `file://${home}/.cache/opencode/packages/opencode-semantic-anchors/dist/index.js`,
          },
          [`${session.root}/.opencode/opencode-semantic-anchors.yaml`],
        );
        // secretEnv left out, as before this test used the plugin's facts: with it, anchor-protect-host-secret stops
        // one honest call (`set -a && . ./.env && set +a …` in product-owner's "Product metrics from the read
        // replica"), a finding for that built-in's owners.
        const policy = compile(loaded.config, { root: session.root, protect: { ...protect, secretEnv: [] } });
        let state = startState(policy);
        for (const event of session.events) {
          const r = step(policy, state, event);
          state = r.state;
          if ('tool' in event) calls++;
          for (const m of r.verdict.matches)
            if (m.id.startsWith('anchor-protect-'))
              stopped.push(`${session.name}: ${m.id} on ${JSON.stringify(event)}`);
        }
      }
    }
    expect(problems).toEqual([]);
    expect(calls).toBeGreaterThan(2000);
    expect(stopped).toEqual([]);
  });
});
