// `systemctl start|enable … UNIT`: what a unit file the session wrote runs, now or at the next login or boot (issue 16:
// code left to run later in the human's name; issue 17: a file the session wrote, then ran). Pure functions over the
// unit's text; follow.ts finds the file (only among those the call or the session wrote) and walks the lines returned.
import type { SimpleCommand } from './types.js';
import { TASK_LIMITS, type TaskLine } from './project-tasks.js';

/** Verbs that run a unit's commands now (start, restart, reload) or make them run at login or boot (enable). */
const RUNS_UNIT: ReadonlySet<string> = new Set([
  'start',
  'restart',
  'try-restart',
  'reload',
  'reload-or-restart',
  'try-reload-or-restart',
  'condrestart',
  'force-reload',
  'enable',
  'reenable',
]);

/** The unit types systemd knows by suffix; a name without one is a service (`systemctl start ship`). */
const UNIT_SUFFIX = /\.(?:service|socket|device|mount|automount|swap|target|path|timer|slice|scope)$/;

/** Options that send the verb to another machine or container: the unit there is not the file the session wrote. */
const ELSEWHERE = new Set(['-H', '--host', '-M', '--machine']);

/** The units `systemctl VERB UNIT…` starts or enables, as written (a name or a path); undefined when it runs none. */
export function systemdUnits(command: SimpleCommand): readonly string[] | undefined {
  if (command.flags.some((f) => ELSEWHERE.has(f.name))) return undefined;
  const [verb, ...units] = command.positionals;
  if (verb === undefined || !RUNS_UNIT.has(verb) || units.length === 0) return undefined;
  return units.map((u) => (UNIT_SUFFIX.test(u) ? u : `${u}.service`));
}

/**
 * Where systemd looks for a unit named NAME, as globs over absolute paths: the user's (~/.config/systemd/user, whose
 * home the engine does not know: any), the system's and the packages' folders. A template instance (`x@1.service`)
 * is also looked for as its template (`x@.service`).
 */
export function unitFileGlobs(name: string): readonly string[] {
  const names = [name];
  const template = /^([^@/]+@)[^./]*(\.[a-z]+)$/.exec(name);
  if (template !== null) names.push(`${template[1]}${template[2]}`);
  const out: string[] = [];
  for (const n of names)
    out.push(
      `/**/.config/systemd/user/${n}`,
      `/**/.local/share/systemd/user/${n}`,
      `/etc/systemd/user/${n}`,
      `/etc/systemd/system/${n}`,
      `/run/systemd/system/${n}`,
      `/run/systemd/user/${n}`,
      `/usr/lib/systemd/system/${n}`,
      `/usr/lib/systemd/user/${n}`,
      `/lib/systemd/system/${n}`,
      `/usr/local/lib/systemd/system/${n}`,
    );
  return out;
}

/** A unit file's settings by section, continuation lines joined (`\` at a line's end), comments dropped. */
function sections(text: string): Map<string, { key: string; value: string }[]> {
  const out = new Map<string, { key: string; value: string }[]>();
  let section = '';
  let pending = '';
  for (const raw of text.split(/\r?\n/)) {
    const line = pending + raw;
    if (/\\$/.test(line)) {
      pending = `${line.slice(0, -1)} `;
      continue;
    }
    pending = '';
    const trimmed = line.trim();
    if (trimmed === '' || trimmed.startsWith('#') || trimmed.startsWith(';')) continue;
    const head = /^\[([^\]]+)\]$/.exec(trimmed);
    if (head !== null) {
      section = head[1] as string;
      continue;
    }
    const kv = /^([A-Za-z][A-Za-z0-9]*)\s*=\s*(.*)$/.exec(trimmed);
    if (kv === null) continue;
    const list = out.get(section) ?? [];
    list.push({ key: kv[1] as string, value: kv[2] as string });
    out.set(section, list);
  }
  return out;
}

/** The settings of a service that are command lines systemd runs (systemd.service(5)). */
const EXEC_KEYS = new Set([
  'ExecCondition',
  'ExecStartPre',
  'ExecStart',
  'ExecStartPost',
  'ExecReload',
  'ExecStop',
  'ExecStopPost',
]);

/**
 * An Exec line as the command it runs: the special prefixes (`-` ignore failure, `@` argv[0] given, `:` `+` `!` `!!`
 * privileges and expansion) taken off; with `@`, the word after the path is the name the program sees, not an
 * argument. Several commands in one setting are separated by a lone `;`, which the shell walk reads as a separator.
 */
export function execLine(value: string): string {
  let rest = value.trimStart();
  let named = false;
  while (rest !== '' && '-@:+!'.includes(rest[0] as string)) {
    if (rest[0] === '@') named = true;
    rest = rest.slice(1);
  }
  if (!named) return rest;
  const words = rest.split(/\s+/);
  return [words[0], ...words.slice(2)].join(' ');
}

/** What unit a timer, path or socket unit activates: its `Unit=` (`Service=` for a socket), else the same name's
 * service. Undefined for a unit that activates none (a service itself, a target). */
export function activatedUnit(name: string, text: string): string | undefined {
  const kind = /\.(timer|path|socket)$/.exec(name)?.[1];
  if (kind === undefined) return undefined;
  const all = sections(text);
  const own = all.get(kind === 'timer' ? 'Timer' : kind === 'path' ? 'Path' : 'Socket') ?? [];
  const named = own.find((s) => s.key === (kind === 'socket' ? 'Service' : 'Unit'))?.value.trim();
  return named !== undefined && named !== '' ? named : name.replace(/\.(timer|path|socket)$/, '.service');
}

/** The command lines a service unit's text runs, each labelled by its setting. */
export function serviceLines(text: string): TaskLine[] {
  const out: TaskLine[] = [];
  for (const { key, value } of sections(text).get('Service') ?? []) {
    if (!EXEC_KEYS.has(key) || value.trim() === '') continue;
    if (out.length < TASK_LIMITS.maxLines) out.push({ source: execLine(value), label: key });
  }
  return out;
}
