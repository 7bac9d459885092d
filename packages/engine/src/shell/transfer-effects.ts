// What archive and cloud-copy tools do to local files: `unzip -d DIR` and `tar -x -C DIR` write DIR/**; `aws s3
// cp|mv|sync`, `gsutil cp|mv|rsync`, `gcloud storage cp|mv|rsync` write their local destination (and delete in it with
// their delete option); `az storage blob download --file F` writes F. DATA first, then the functions that read it.
import type { Flag } from './types.js';
import type { AddEffect, EffectInput, FileAccess } from './programs/declaration.js';
import { memberName, packArchive } from './tar-archive.js';
import { basename, treeOf as tree } from './paths.js';

type Add = AddEffect;

/** What a command line of a cloud copy tool needs to say where local files are written. */
interface CloudCopy {
  /** The positionals before the sources: ['s3'] for `aws s3 cp`, ['storage'] for `gcloud storage cp`. */
  readonly service: readonly string[];
  /** Verbs that copy SRC… DEST; `sync` copies a tree (DEST/**). */
  readonly copy: readonly string[];
  readonly move: readonly string[];
  readonly sync: readonly string[];
  /** A path in the cloud, not on this machine. */
  readonly remote: RegExp;
  /** Options that make a copy recursive (DEST/**). */
  readonly recursive: readonly string[];
  /** Options of `sync` that delete what the source lacks from the destination. */
  readonly deletes: readonly string[];
  /** Options that only show what would happen. */
  readonly dryRun: readonly string[];
}

const CLOUD_COPIES: Readonly<Record<string, CloudCopy>> = {
  aws: {
    service: ['s3'],
    copy: ['cp'],
    move: ['mv'],
    sync: ['sync'],
    remote: /^s3:\/\//,
    recursive: ['--recursive'],
    deletes: ['--delete'],
    dryRun: ['--dryrun'],
  },
  gsutil: {
    service: [],
    copy: ['cp'],
    move: ['mv'],
    sync: ['rsync'],
    remote: /^gs:\/\//,
    recursive: ['-r', '-R'],
    deletes: ['-d'],
    dryRun: ['-n'],
  },
  gcloud: {
    service: ['storage'],
    copy: ['cp'],
    move: ['mv'],
    sync: ['rsync'],
    remote: /^(gs|s3):\/\//,
    recursive: ['-r', '-R', '--recursive'],
    deletes: ['--delete-unmatched-destination-objects'],
    dryRun: ['--dry-run'],
  },
};

const has = (flags: readonly Flag[], names: readonly string[]): boolean => flags.some((f) => names.includes(f.name));
const lastValue = (flags: readonly Flag[], ...names: string[]): string | undefined => {
  let value: string | undefined;
  for (const f of flags) if (names.includes(f.name) && f.value !== undefined) value = f.value;
  return value;
};

/** `unzip [-o] A [-d DIR]` writes DIR/** (`.` without one); -l lists, -t tests, -p/-c print: nothing is written. */
export function unzipEffects(input: EffectInput, add: Add): void {
  if (input.flags.some((f) => ['-l', '-t', '-p', '-c', '-Z', '-v'].includes(f.name))) return;
  if (input.positionals.length > 0) add('write', tree(lastValue(input.flags, '-d') ?? '.'), 'unzip');
}

/**
 * `tar -x`/`tar xzf` writes DIR/** (`-C DIR`, `--directory=DIR`, else `.`); creating an archive (`tar czf - src`,
 * `tar -cf a.tar -C dir .`, also -r/-u) reads the files it packs (resolved against the last -C), and writes nothing
 * it unpacks (the archive file itself is not followed); listing writes nothing.
 */
export function tarEffects(input: EffectInput, add: Add, _stdin?: string, files?: FileAccess): void {
  const dir = lastValue(input.flags, '-C', '--directory');
  if (tarExtracts(input.positionals, input.flags)) {
    add('write', tree(dir ?? '.'), 'tar -x');
    return;
  }
  const members = tarMembers(input.positionals, input.flags);
  const texts: [string, string][] = [];
  for (const m of members) {
    const path = dir === undefined || m.startsWith('/') ? m : `${dir}/${m}`;
    add('read', path, 'tar -c');
    const text = files?.text(path);
    if (text !== undefined) texts.push([memberName(m), text]);
  }
  // `tar -cf a.tar f…` of files whose text is known: a.tar holds them (tar-archive.ts), for a `tar -xO` to print.
  const archive = lastValue(input.flags, '-f', '--file') ?? oldStyleArchive(input.positionals);
  if (archive !== undefined && archive !== '-' && texts.length > 0 && texts.length === members.length)
    add('write', archive, 'tar -c', packArchive(texts));
}

/** The archive of the old style (`tar czf a.tgz src`): the word f takes among the value letters' words. */
function oldStyleArchive(positionals: readonly string[]): string | undefined {
  const first = positionals[0];
  if (first === undefined || !/^[A-Za-z]+$/.test(first) || !first.includes('f')) return undefined;
  let at = 1;
  for (const letter of first) {
    if (letter === 'f') return positionals[at];
    if (TAR_VALUE_LETTERS.includes(letter)) at++;
  }
  return undefined;
}

/** Old-style letters that take the next word as their value, in the order they appear (`tar cbf 20 a.tar src`). */
const TAR_VALUE_LETTERS = 'fbCTXgLNVK';

/** The files a `tar` that creates, appends to or updates an archive packs: its operands (none for other modes). */
function tarMembers(positionals: readonly string[], flags: readonly Flag[]): readonly string[] {
  if (has(flags, ['-c', '--create', '-r', '--append', '-u', '--update'])) return positionals;
  const first = positionals[0];
  // The old style: a first word of option letters (`czf`), whose value letters take the words after it in turn.
  if (first === undefined || !/^[A-Za-z]+$/.test(first) || !/[cru]/.test(first) || /[xt]/.test(first)) return [];
  if (!/^[crufzjJvpPhkmoOSWaCTXbgLNVK]+$/.test(first)) return [];
  let taken = 1;
  for (const letter of first) if (TAR_VALUE_LETTERS.includes(letter)) taken++;
  return positionals.slice(taken);
}

/** `az storage blob download --file F` writes F; `download-batch -d DIR` writes DIR/**. */
export function azEffects(input: EffectInput, add: Add): void {
  const [service, kind, verb] = input.positionals;
  if (service !== 'storage') return;
  if (verb === 'download') {
    const file = lastValue(input.flags, '--file', '-f');
    if (file !== undefined) add('write', file, `az storage ${kind} download`);
  } else if (verb === 'download-batch') {
    const dir = lastValue(input.flags, '--destination', '-d');
    if (dir !== undefined) add('write', tree(dir), `az storage ${kind} download-batch`);
  }
}

/** The effects reader of a cloud copy tool of the table above (aws, gsutil, gcloud). */
export function cloudCopy(program: 'aws' | 'gsutil' | 'gcloud'): (input: EffectInput, add: Add) => void {
  const spec = CLOUD_COPIES[program] as CloudCopy;
  return (input, add) => cloudCopyEffects(spec, program, input.positionals, input.flags, add);
}

/** `tar -x…`, `tar --extract`, or the old style `tar xzf a.tgz` (a first word of option letters holding x). */
function tarExtracts(positionals: readonly string[], flags: readonly Flag[]): boolean {
  if (has(flags, ['-x', '--extract', '--get'])) return true;
  const first = positionals[0];
  return (
    first !== undefined && /^[A-Za-z]+$/.test(first) && first.includes('x') && /^[xvzjJfpkmoOSWaChH]+$/.test(first)
  );
}

function cloudCopyEffects(
  spec: CloudCopy,
  program: string,
  positionals: readonly string[],
  flags: readonly Flag[],
  add: Add,
): void {
  const n = spec.service.length;
  for (let i = 0; i < n; i++) if (positionals[i] !== spec.service[i]) return;
  const verb = positionals[n];
  if (verb === undefined || has(flags, spec.dryRun)) return;
  const operands = positionals.slice(n + 1);
  if (operands.length < 2) return;
  const dest = operands[operands.length - 1] as string;
  if (dest === '-') return; // to stdout
  const sources = operands.slice(0, -1);
  const via = `${[program, ...spec.service].join(' ')} ${verb}`;
  const local = !spec.remote.test(dest);
  if (spec.sync.includes(verb)) {
    if (!local) return;
    add('write', tree(dest), via);
    if (has(flags, spec.deletes)) add('delete', dest, `${via} ${spec.deletes[0]}`);
    return;
  }
  if (!spec.copy.includes(verb) && !spec.move.includes(verb)) return;
  if (spec.move.includes(verb)) for (const s of sources) if (!spec.remote.test(s)) add('delete', s, via);
  if (!local) return;
  if (has(flags, spec.recursive)) add('write', tree(dest), via);
  else if (dest.endsWith('/') || sources.length > 1)
    for (const s of sources) add('write', `${dest}/${basename(s)}`, via);
  else add('write', dest, via);
}
