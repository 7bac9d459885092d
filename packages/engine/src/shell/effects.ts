// What a simple command does to files: its redirections, plus the effects its program's declaration reads from its
// words (programs/*.ts → file-effects.ts). Paths are resolved against the command's cwd.
import type { Redirection } from 'unbash';
import type { EffectKind } from './types.js';
import { resolve } from './paths.js';
import { compiledProgram } from './programs/registry.js';
import type { EffectInput, FileAccess } from './programs/declaration.js';
import { NOT_FILES } from './file-effects.js';

export type { EffectInput } from './programs/declaration.js';

export interface Effect {
  readonly kind: EffectKind;
  readonly path: string;
  readonly content: string | undefined;
  readonly via: string;
}

/** Shared by every command without effects (most of them): nothing is allocated for those. */
const NO_EFFECTS: readonly Effect[] = Object.freeze([]);

/** A redirection target's value: the word as the model resolved it (values.ts), or as written. */
export type TargetValue = (word: NonNullable<Extract<Redirection, { type: 'Redirect' }>['target']>) => string;

const asWritten: TargetValue = (word) => word.value;

/** The file a descriptor above 2 was opened on for writing in this shell (`exec 3> f`), if known. */
export type OpenDescriptor = (fd: number) => string | undefined;

const noDescriptors: OpenDescriptor = () => undefined;

/** File effects of a command's redirections; `output` is the literal text it writes to stdout, if known. */
export function redirectEffects(
  redirects: readonly Redirection[],
  cwd: string | undefined,
  output: string | undefined,
  targetValue: TargetValue = asWritten,
  descriptor: OpenDescriptor = noDescriptors,
): readonly Effect[] {
  if (redirects.length === 0) return NO_EFFECTS;
  const effects: Effect[] = [];
  for (const r of redirects) {
    if (r.type !== 'Redirect' || r.target === undefined) continue;
    const target = targetValue(r.target);
    const fd = r.descriptor?.type === 'FileDescriptor' ? r.descriptor.value : undefined;
    // `echo x >&3` after `exec 3> f`: what it prints is added to f (the descriptor stays open, so each write appends).
    if (r.operator === '>&' && /^\d+$/.test(target) && (fd === undefined || fd === 1)) {
      const opened = Number(target) > 2 ? descriptor(Number(target)) : undefined;
      if (opened !== undefined) effects.push({ kind: 'append', path: opened, content: output, via: `>&${target}` });
      continue;
    }
    if (NOT_FILES.test(target)) continue;
    const path = resolve(cwd, target);
    const toStdout = fd === undefined || fd === 1;
    switch (r.operator) {
      case '<':
        effects.push({ kind: 'read', path, content: undefined, via: '<' });
        break;
      case '>':
      case '>|':
      case '<>':
      case '>&':
        effects.push({
          kind: 'write',
          path,
          content: toStdout ? output : undefined,
          via: fd !== undefined && fd !== 1 ? `${fd}${r.operator}` : r.operator,
        });
        break;
      case '>>':
        effects.push({
          kind: 'append',
          path,
          content: toStdout ? output : undefined,
          via: fd !== undefined && fd !== 1 ? `${fd}>>` : '>>',
        });
        break;
      case '&>':
        effects.push({ kind: 'write', path, content: output, via: '&>' });
        break;
      case '&>>':
        effects.push({ kind: 'append', path, content: output, via: '&>>' });
        break;
      case '<&':
        break;
    }
  }
  return effects;
}

/** No file is known (a command judged without the call's files). */
export const NO_FILE_ACCESS: FileAccess = { text: () => undefined, read: () => undefined };

/** File effects of a program, from its declaration and normalised argv; `stdin` is the literal text on its stdin (a
 * heredoc body, a here-string, a literal piped in) when known; `files` reads the files the call or the session wrote
 * (paths as written, resolved against the command's cwd by the caller). */
export function programEffects(
  input: EffectInput,
  stdin: string | undefined,
  files: FileAccess = NO_FILE_ACCESS,
): readonly Effect[] {
  const reader = compiledProgram(input.program)?.declaration.effects;
  // Most commands have no effects of their own: leave before any allocation.
  if (reader === undefined) return NO_EFFECTS;
  const out: Effect[] = [];
  const cwd = input.cwd;
  reader.effects(
    input,
    (kind, path, via, content) => {
      // `{}` is find -exec's placeholder for each found file, not a file called '{}'.
      if (path === '{}' || path === '') return;
      out.push({ kind, path: resolve(cwd, path), content, via });
    },
    stdin,
    files,
  );
  return out.length === 0 ? NO_EFFECTS : out;
}

/** True for a redirection of stdout (`>`, `1>`, `>>`, `&>`): what the command prints goes there, not down a pipe. */
export function isStdoutRedirect(r: Redirection): boolean {
  if (r.type !== 'Redirect' || r.operator === '<' || r.operator === '<&') return false;
  return r.descriptor === undefined || (r.descriptor.type === 'FileDescriptor' && r.descriptor.value === 1);
}
