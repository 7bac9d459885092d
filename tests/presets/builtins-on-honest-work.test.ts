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

/**
 * Honest calls a built-in stops by design, each with why: the protection is the point (issue 16), and the honest way
 * round is the human's (they make the change, or let it through with a bypass). Every entry must still be stopped,
 * so the list cannot hide a change.
 */
const BY_DESIGN: readonly { session: string; id: string; why: string }[] = [
  {
    // round 52's data-scientist day: the write tool puts an IPython startup file in ~/.ipython, code every kernel of
    // the human's then runs; the file tools write outside the OS sandbox, so the boundary is the only guard there
    session:
      'Rebuild the virtualenv for Python 3.12 with its own pip.conf and IPython autoreload (pip configuration, IPython docs)',
    id: 'anchor-protect-write-boundary',
    why: 'an IPython startup file in the home folder runs later in the human’s name',
  },
];

describe('built-in self-protection on honest work', () => {
  it('stops none of the harmless corpus calls', () => {
    const problems: CorpusProblem[] = [];
    const stopped: string[] = [];
    const seen = new Set<(typeof BY_DESIGN)[number]>();
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
          for (const m of r.verdict.matches) {
            if (!m.id.startsWith('anchor-protect-')) continue;
            const known = BY_DESIGN.find((b) => b.session === session.name && b.id === m.id);
            if (known !== undefined) seen.add(known);
            else stopped.push(`${session.name}: ${m.id} on ${JSON.stringify(event)}`);
          }
        }
      }
    }
    expect(problems).toEqual([]);
    expect(calls).toBeGreaterThan(2000);
    expect(stopped).toEqual([]);
    // each by-design stop still happens (else it is no longer by design, and leaves the list)
    expect(BY_DESIGN.filter((b) => !seen.has(b)).map((b) => b.session)).toEqual([]);
  });
});
