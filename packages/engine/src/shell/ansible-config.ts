// ansible.cfg's inventory (round 50: the manual's other spellings): `ansible-playbook site.yml` with no -i reads the
// inventory named in the ansible.cfg of the folder it runs in (or the file ANSIBLE_CONFIG names), so an ansible.cfg the
// session wrote with `inventory = inventories/production` makes a plain run a production run. Read as the `-i` it
// stands for (an implied word). ANSIBLE_INVENTORY (the environment's form) and a written -i win, as in ansible.
import { withAdded } from './implied-words.js';
import { iniPairs } from './ini-file.js';
import type { SimpleCommand } from './types.js';

const RUNNERS: ReadonlySet<string> = new Set(['ansible', 'ansible-playbook', 'ansible-console', 'ansible-pull']);
const INVENTORY = ['-i', '--inventory', '--inventory-file'];

/** The `inventory` of an ansible.cfg text's [defaults] section (its first, when it lists several); undefined when none. */
export function configInventory(text: string): string | undefined {
  const pair = iniPairs(text).find(
    (p) => p.section.toLowerCase() === 'defaults' && /^(?:inventory|hostfile)$/i.test(p.key) && p.value !== '',
  );
  return pair?.value.split(/[,\n]/)[0]?.trim() || undefined;
}

/** The command with the inventory its ansible.cfg names, when the call or the session wrote that file. */
export function withAnsibleInventory(
  command: SimpleCommand,
  text: (path: string) => string | undefined,
  variable: (name: string) => string | undefined,
): SimpleCommand {
  if (!RUNNERS.has(command.program) || command.flags.some((f) => INVENTORY.includes(f.name))) return command;
  if (variable('ANSIBLE_INVENTORY') !== undefined) return command;
  const file = variable('ANSIBLE_CONFIG') ?? 'ansible.cfg';
  const body = text(file);
  const inventory = body === undefined ? undefined : configInventory(body);
  if (inventory === undefined) return command;
  const flag = { name: '-i', value: inventory, token: '-i' };
  return withAdded(command, [{ flag, words: ['-i', inventory], from: `the inventory of ${file}` }]);
}
