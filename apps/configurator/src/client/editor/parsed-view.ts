// What the engine read from a tool call, as `semantic-anchors explain` prints it under a verdict: the host's facts it
// was given, the session's shell values, each simple command with where it runs, the words it means without spelling
// them (a push's branch), what it reads on stdin or from a file, the words whose value cannot be known (marked in the
// command as written), the files the session wrote that the call runs, file effects, opaque code and what the call
// leaves in its shell. All from the engine's own facts (toolFacts in the session the call was judged in).
import {
  hasUnknownNames,
  sessionContext,
  toolFacts,
  type CompiledPolicy,
  type Event,
  type HostFacts,
  type SessionState,
  type UnknownWord,
  type Verdict,
} from '@semantic-anchors/engine';
import { el } from './dom.ts';

const clip = (s: string, n: number): string => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

/** The host line: the facts the call was given, or that the branch stayed unknown. */
export function hostText(host: HostFacts | undefined): string {
  const branch =
    host?.branch === undefined
      ? 'branch unknown (none given: a push that names no branch is judged as written)'
      : host.branch === null
        ? 'HEAD detached'
        : `branch ${host.branch}`;
  return [
    branch,
    host?.upstream !== undefined ? `upstream ${host.upstream}` : '',
    host?.defaultBranches !== undefined
      ? `default branch ${Object.entries(host.defaultBranches)
          .map(([r, b]) => `${r}/${b}`)
          .join(', ')}`
      : '',
    host?.gitignore !== undefined ? `ignore files in ${Object.keys(host.gitignore).join(', ')}` : '',
  ]
    .filter(Boolean)
    .join('; ');
}

/** The command as written with the words whose value cannot be known marked, each titled with its place. */
function unknownMarks(text: string, words: readonly UnknownWord[]): HTMLElement {
  const sorted = [...words].sort((a, b) => a.start - b.start);
  const out: (Node | string)[] = [];
  let at = 0;
  for (const u of sorted) {
    if (u.start < at || u.end > text.length) continue;
    out.push(text.slice(at, u.start));
    const mark = el('mark', { className: 'mark-unknown', title: `unknown ${u.text}` }, text.slice(u.start, u.end));
    mark.dataset.start = String(u.start);
    mark.dataset.end = String(u.end);
    out.push(mark);
    at = u.end;
  }
  out.push(text.slice(at));
  return el('code', { className: 'marked-unknown' }, ...out);
}

const place = (u: UnknownWord): string => (u.role === 'positional' ? `argument ${u.index + 1}` : u.role);

export function parsedView(event: Event, v: Verdict, policy: CompiledPolicy, before: SessionState): HTMLElement[] {
  if (!('tool' in event) || v.error !== undefined) return [];
  // Read in the session it was judged in: the values and directory earlier calls left, the files it wrote.
  const call = sessionContext(policy, before, event);
  const f = toolFacts(event.tool, event.args, policy.options.root, false, call, event.realPaths);
  const context = call?.shell?.env !== undefined || call?.shell?.cwd !== undefined ? call.shell : undefined;
  if (!f.shell && f.effects.length === 0) return [];
  const hits = (kind: 'command' | 'effect', i: number) =>
    v.matches.filter((m) => m.subject === 'tool call' && m.unit.kind === kind && m.unit.index === i).map((m) => m.id);
  const tag = (ids: string[]) =>
    ids.length > 0 ? [' ', el('strong', { className: 'parsed-hit' }, `← ${ids.join(', ')}`)] : [];
  const items: HTMLElement[] = f.commands.map((c, i) => {
    const cmd = c.command;
    const notes = [
      cmd.via.length > 0 ? `via ${cmd.via.join(' › ')}` : '',
      cmd.cwd ? `in ${cmd.cwd}` : '',
      cmd.globals.length > 0
        ? `global ${cmd.globals.map((g) => (g.value !== undefined && g.token === g.name ? `${g.token} ${g.value}` : g.token)).join(' ')}`
        : '',
      cmd.remote !== undefined ? `runs on ${cmd.remote}` : '',
      cmd.file !== undefined ? `in ${cmd.file}, a file this session wrote` : '',
      cmd.program === '' && cmd.assignments.length > 0 ? 'sets values for the words after it' : '',
    ]
      .filter(Boolean)
      .join('; ');
    // What a client reads as its input is shown below the command, not inside it (as explain prints it).
    // A word of assignments alone (`B=main;`) runs no program: the values it sets are what it is.
    const shown =
      cmd.program === '' && cmd.assignments.length > 0
        ? cmd.assignments.join(' ')
        : cmd.input === undefined
          ? c.normalized
          : [cmd.program, ...cmd.argv].join(' ');
    const li = el(
      'li',
      { className: 'parsed-command' },
      el('code', {}, shown),
      notes ? el('span', { className: 'muted' }, ` (${notes})`) : '',
      ...tag(hits('command', i)),
    );
    for (const w of cmd.implied ?? []) {
      // As explain says it: "main implied: the branch checked out (host)", "HEAD is main: …".
      const implied = el(
        'div',
        { className: 'parsed-implied' },
        ...(w.written === undefined
          ? [el('code', {}, w.value), ' implied']
          : [el('code', {}, w.written), ' is ', el('code', {}, w.value)]),
        `: ${w.from}`,
      );
      implied.dataset.value = w.value;
      li.append(implied);
    }
    if (cmd.input !== undefined) {
      const input = el(
        'div',
        { className: 'parsed-input' },
        `reads ${cmd.input.from === 'stdin' ? 'on stdin' : `from ${cmd.input.from}`}: `,
        el('pre', {}, el('code', {}, clip(cmd.input.text, 2000))),
      );
      input.dataset.from = cmd.input.from;
      li.append(input);
    }
    for (const u of cmd.unknown) {
      const unknown = el(
        'div',
        { className: 'notice parsed-unknown' },
        'unknown ',
        el('code', {}, u.text),
        ` (${place(u)}, characters ${u.start}–${u.end}${cmd.file !== undefined ? ` of ${cmd.file}` : ''}): its value cannot be known from the call`,
      );
      unknown.dataset.text = u.text;
      li.append(unknown);
    }
    return li;
  });
  // The unknown words in the command as written, marked where they stand (those of a file the call runs index the
  // file, not the command).
  const unknownHere = f.commands.flatMap((c) => (c.command.file === undefined ? c.command.unknown : []));
  if (unknownHere.length > 0 && f.command !== undefined)
    items.unshift(
      el('li', { className: 'parsed-unknown-marks' }, 'As written: ', unknownMarks(f.command, unknownHere)),
    );
  f.effects.forEach((e, i) =>
    items.push(
      el(
        'li',
        {},
        `${e.kind} `,
        el('code', {}, e.path.relative),
        el(
          'span',
          { className: 'muted' },
          ` (${[
            e.via,
            e.unknown === true
              ? 'a path the engine cannot know'
              : hasUnknownNames(e.path.relative)
                ? 'file names the engine cannot know'
                : '',
            e.remote ? `on ${e.remote}` : '',
            e.ignored ? `ignored by git: ${e.ignored.pattern}` : '',
          ]
            .filter(Boolean)
            .join(', ')})`,
        ),
        ...tag(hits('effect', i)),
      ),
    ),
  );
  f.shell?.scripts.forEach((s, i) => {
    if (s.read === undefined) return;
    const how = s.read === 'whole' ? 'its whole text, as this session wrote it' : 'only what this session put into it';
    const li = el(
      'li',
      { className: 'parsed-runs' },
      'runs ',
      el('code', {}, f.scripts[i] ?? s.path),
      el('span', { className: 'muted' }, ` (as ${s.as}; read ${how}; command ${s.command + 1})`),
    );
    li.dataset.path = f.scripts[i] ?? s.path;
    items.push(li);
  });
  for (const o of f.shell?.opaque ?? [])
    items.push(el('li', { className: 'notice' }, `opaque: ${o.reason}${o.detail ? ` — ${o.detail}` : ''}`));
  if (f.shell?.error) items.push(el('li', { className: 'error' }, `does not parse: ${f.shell.error.message}`));
  const persists = f.shell?.persists;
  if (persists !== undefined && (Object.keys(persists.env).length > 0 || persists.cwd !== undefined)) {
    const values = Object.entries(persists.env).map(([k, val]) => (val === null ? `${k} (unknown)` : `${k}=${val}`));
    items.push(
      el(
        'li',
        { className: 'muted parsed-persists' },
        `leaves in its shell: ${[...values, persists.cwd !== undefined ? `directory ${persists.cwd}` : ''].filter(Boolean).join(', ')}`,
      ),
    );
  }
  const values = Object.entries(context?.env ?? {}).map(([k, val]) => `${k}=${val}`);
  if (f.shell && context !== undefined)
    items.unshift(
      el(
        'li',
        { className: 'muted parsed-session' },
        `the session's shell: ${[...values, context.cwd !== undefined ? `directory ${context.cwd}` : ''].filter(Boolean).join(', ')}`,
      ),
    );
  // The working tree's facts matter to git commands (the branch a push targets) and to paths git ignores.
  if (event.host !== undefined || f.commands.some((c) => c.command.program === 'git'))
    items.unshift(el('li', { className: 'muted parsed-host' }, `host: ${hostText(event.host)}`));
  const summary = f.shell
    ? `What the engine read: ${f.commands.length} simple command(s), ${f.effects.length} file effect(s)`
    : `What the engine read: ${f.effects.length} file effect(s)`;
  const details = el('details', { className: 'parsed' }, el('summary', {}, summary), el('ul', {}, ...items));
  const noteworthy = f.commands.some(
    (c) => c.command.unknown.length > 0 || c.command.implied !== undefined || c.command.input !== undefined,
  );
  if (v.matches.length > 0 || noteworthy) details.open = true;
  return [details];
}
