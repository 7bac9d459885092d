// ansible.cfg's inventory (round 50: the manual's other spellings): `ansible-playbook site.yml` with no -i reads the
// inventory named in the ansible.cfg of the folder it runs in (or the file ANSIBLE_CONFIG names), so an ansible.cfg the
// session wrote with `inventory = inventories/production` makes a plain run a production run. Read as the `-i` it
// stands for (an implied word). ANSIBLE_INVENTORY (the environment's form) and a written -i win, as in ansible.
import type { ImpliedWord, SimpleCommand } from './types.js';

const RUNNERS: ReadonlySet<string> = new Set(['ansible', 'ansible-playbook', 'ansible-console', 'ansible-pull']);
const INVENTORY = ['-i', '--inventory', '--inventory-file'];

/** The `inventory` of an ansible.cfg text's [defaults] section; undefined when it names none. */
export function configInventory(text: string): string | undefined {
  let section = '';
  for (const line of text.split(/\r?\n/)) {
    const header = /^\s*\[([^\]]+)\]/.exec(line);
    if (header !== null) {
      section = (header[1] as string).trim().toLowerCase();
      continue;
    }
    const pair = /^\s*(inventory|hostfile)\s*[=:]\s*(.+?)\s*$/i.exec(line);
    if (pair !== null && section === 'defaults') return (pair[2] as string).split(',')[0]?.trim() || undefined;
  }
  return undefined;
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
  const from = `the inventory of ${file}`;
  const implied: ImpliedWord[] = [
    ...(command.implied ?? []),
    { at: command.argv.length, value: '-i', written: undefined, from },
    { at: command.argv.length + 1, value: inventory, written: undefined, from },
  ];
  return {
    ...command,
    argv: [...command.argv, '-i', inventory],
    flags: [...command.flags, { name: '-i', value: inventory, token: '-i' }],
    implied,
  };
}
