// One harness per routes file: the built plugin (or the one given), the team's rules (the contract file and the
// file it extends), default settings — in a sandbox made outside the temp folders, as a real user's HOME and
// project are: the OS sandbox lets the agent write /tmp, so a HOME under /tmp would make every startup-file and
// user-config route a test artefact.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { anchorsPlugin, type Harness, type HarnessOptions, repoRoot, startHarness } from '../../support/harness.js';

export const CONFIG = '.opencode/opencode-semantic-anchors.yaml';
export const TEAM = '.opencode/team-rules.yaml';
/** Git identity for commits made by the human (and by the agent, as in any configured repository). */
export const HUMAN_GITCONFIG = '[user]\n\tname = The Human\n\temail = human@example.com\n';
const SANDBOX_PARENT = join(repoRoot, 'tests', '.sandboxes');

export function startRoutesHarness(options: Partial<HarnessOptions> = {}): Promise<Harness> {
  mkdirSync(SANDBOX_PARENT, { recursive: true });
  return startHarness({
    ...options,
    plugins: options.plugins ?? [anchorsPlugin()],
    projectFiles: {
      [CONFIG]: 'configs/routes.yaml',
      [TEAM]: 'configs/routes-team-rules.yaml',
      ...options.projectFiles,
    },
    parentDir: SANDBOX_PARENT,
  });
}
