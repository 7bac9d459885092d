// git config text → the settings in it that make git run something later: aliases, hooks paths, filters, helpers,
// editors, pagers, includes. git's own commands write config files all the time (`git config user.email`,
// `git push -u`, `git remote add`); a change to a config file matters to the rules only when it changes one of
// these. DATA first (which keys run code, declared once), then a small reader of git's config syntax.

/** Keys (section.key, or section.*.key for keys under a subsection) whose value git runs or loads later. */
const RUNS_LATER: readonly string[] = [
  'alias.*',
  'core.hookspath',
  'core.fsmonitor',
  'core.sshcommand',
  'core.editor',
  'core.pager',
  'core.askpass',
  'core.gitproxy',
  'core.attributesfile',
  'core.worktree',
  'include.path',
  'includeif.*.path',
  'filter.*.clean',
  'filter.*.smudge',
  'filter.*.process',
  'diff.external',
  'diff.*.textconv',
  'diff.*.command',
  'merge.*.driver',
  'credential.helper',
  'credential.*.helper',
  'sequence.editor',
  'gpg.program',
  'gpg.*.program',
  'pager.*',
  'interactive.difffilter',
  'uploadpack.packobjectshook',
  'remote.*.uploadpack',
  'remote.*.receivepack',
  'protocol.allow',
  'protocol.*.allow',
  'difftool.*.cmd',
  'difftool.*.path',
  'mergetool.*.cmd',
  'mergetool.*.path',
  'web.browser',
  'browser.*.cmd',
  'browser.*.path',
  'man.*.cmd',
  'man.*.path',
  'sendemail.smtpserver',
  'submodule.*.update',
  'trailer.*.command',
  'trailer.*.cmd',
  'hook.*.command',
  'hook.*.event',
];

const EXACT = new Set(RUNS_LATER.filter((k) => !k.includes('*')));
const WHOLE_SECTIONS = new Set(RUNS_LATER.filter((k) => /^[^.]+\.\*$/.test(k)).map((k) => k.slice(0, -2)));
const UNDER_SUBSECTION = new Set(RUNS_LATER.filter((k) => /\.\*\./.test(k)).map((k) => k.replace('.*.', '.')));

/** Whether git runs (or loads) what this key holds: `section`, `sub` (case kept) and `key` as in the file. */
export function keyRunsLater(section: string, sub: string | undefined, key: string): boolean {
  const s = section.toLowerCase();
  const k = key.toLowerCase();
  if (WHOLE_SECTIONS.has(s)) return true;
  return sub === undefined ? EXACT.has(`${s}.${k}`) : UNDER_SUBSECTION.has(`${s}.${k}`);
}

/**
 * The settings of a git config file that run something later, one `name=value` line each, sorted: two files with
 * the same lines run the same things. A line this reader cannot make sense of is kept as it is, so a change git
 * might read in a way this reader does not is never taken for harmless.
 */
export function gitConfigRunsLater(text: string): string[] {
  const out: string[] = [];
  let section = '';
  let sub: string | undefined;
  const lines = text.replace(/\\\r?\n/g, '').split(/\r?\n/);
  for (const raw of lines) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#') || line.startsWith(';')) continue;
    const header = /^\[\s*([A-Za-z0-9.-]+)(?:\s+"((?:[^"\\]|\\.)*)")?\s*\](.*)$/.exec(line);
    if (header) {
      const [name = '', quoted, rest = ''] = header.slice(1);
      // [section.sub] is the old spelling of [section "sub"] (subsection lower-cased).
      const dot = quoted === undefined ? name.indexOf('.') : -1;
      section = dot >= 0 ? name.slice(0, dot) : name;
      sub =
        quoted !== undefined
          ? quoted.replace(/\\(.)/g, '$1')
          : dot >= 0
            ? name.slice(dot + 1).toLowerCase()
            : undefined;
      // A setting may follow the header on the same line.
      const after = rest.trim();
      if (after !== '' && !after.startsWith('#') && !after.startsWith(';')) addSetting(after, section, sub, out);
      continue;
    }
    addSetting(line, section, sub, out);
  }
  return out.sort();
}

function addSetting(line: string, section: string, sub: string | undefined, out: string[]): void {
  const m = /^([A-Za-z][A-Za-z0-9-]*)\s*(?:=\s*(.*))?$/.exec(line);
  if (!m) {
    out.push(`?${section}${sub === undefined ? '' : `.${sub}`}: ${line}`);
    return;
  }
  const key = m[1]!;
  if (!keyRunsLater(section, sub, key)) return;
  const value = m[2] === undefined ? 'true' : configValue(m[2]);
  out.push(`${section.toLowerCase()}${sub === undefined ? '' : `.${sub}`}.${key.toLowerCase()}=${value}`);
}

/** A value as git reads it: quotes removed, escapes applied, a comment outside quotes cut off, spaces trimmed. */
function configValue(raw: string): string {
  let out = '';
  let quoted = false;
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i]!;
    if (c === '"') quoted = !quoted;
    else if (c === '\\' && i + 1 < raw.length) {
      const n = raw[++i]!;
      out += n === 'n' ? '\n' : n === 't' ? '\t' : n === 'b' ? '\b' : n;
    } else if (!quoted && (c === '#' || c === ';')) break;
    else out += c;
  }
  return out.trim();
}
