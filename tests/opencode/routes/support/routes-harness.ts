// One harness per routes file: the built plugin (or the one given), the team's rules (the contract file and the
// file it extends), default settings — in a sandbox made outside the temp folders, as a real user's HOME and
// project are (the OS sandbox lets the agent write /tmp, so a HOME under /tmp would make every startup-file and
// user-config route a test artefact), and outside any git repository.
//
// INVARIANT: no git command of the agent or of the human can reach a repository above the sandbox. A route that
// breaks the project's repository (a `.git` moved away, a gitfile, a restore that leaves a skeleton) would otherwise
// send every later git command up to the nearest enclosing repository — run inside this repository's tests/, that
// was this repository: commits, branches and `git config` on the developer's own checkout. So the sandbox lives
// under ~/.cache (ROUTES_SANDBOX_PARENT to move it), and GIT_CEILING_DIRECTORIES stops git's search at its parent
// for opencode (and so the agent's shell) and for the human's commands.
import { mkdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { anchorsPlugin, type Harness, type HarnessOptions, startHarness } from '../../support/harness.js';

export const CONFIG = '.opencode/opencode-semantic-anchors.yaml';
export const TEAM = '.opencode/team-rules.yaml';
/** Git identity for commits made by the human (and by the agent, as in any configured repository). */
export const HUMAN_GITCONFIG = '[user]\n\tname = The Human\n\temail = human@example.com\n';
export const SANDBOX_PARENT = process.env.ROUTES_SANDBOX_PARENT ?? join(homedir(), '.cache', 'semantic-anchors-routes');

export function startRoutesHarness(options: Partial<HarnessOptions> = {}): Promise<Harness> {
  mkdirSync(SANDBOX_PARENT, { recursive: true });
  return startHarness({
    ...options,
    env: { ...options.env, GIT_CEILING_DIRECTORIES: SANDBOX_PARENT },
    plugins: options.plugins ?? [anchorsPlugin()],
    projectFiles: {
      [CONFIG]: 'configs/routes.yaml',
      [TEAM]: 'configs/routes-team-rules.yaml',
      ...options.projectFiles,
    },
    parentDir: SANDBOX_PARENT,
  });
}
