// What a command reads on stdin, when the model can know it: a heredoc body (expanded unless its delimiter is quoted),
// a here-string, a file redirected with `<` that the call or the session wrote (its whole text, CallFiles), or what
// the previous pipeline stage printed.
import type { Redirection } from 'unbash';
import { resolve } from './paths.js';
import { expandBody, expandValue, substitutionOutput, type ExpandContext } from './expand.js';
import { inputDescriptorName } from './scope.js';

/** A kustomization rendered to stdout: its folder as written, and where the renderer ran. */
export interface Rendered {
  readonly folder: string;
  readonly cwd: string | undefined;
}

export interface Stdin {
  /** The text, when known. */
  readonly text: string | undefined;
  /** When the text is not known whole: what is known of it (`(crontab -l; echo '…') |`: the echoed line), read by a
   * shell as lines it runs besides the unknown rest (still opaque). */
  readonly pieces?: string;
  /** From a pipe whose producer is echo or printf with words not known (`echo "https://u:$T@h" | tee -a f`): the known
   * text, each value as COMPUTED_PIECE. Read only as what a writer (tee) writes, never as a script to run. */
  readonly printedPieces?: string;
  /** From a pipe whose producer lists files (`grep -rl x src |`): those files, as globs (listed-paths.ts). */
  readonly listed?: readonly string[];
  /** From a pipe whose producer renders a kustomization (`kustomize build DIR |`): its folder (run.ts renderedInput). */
  readonly rendered?: Rendered;
  /** The file it comes from (`< f`, `cat f |`), resolved like effect paths. */
  readonly file: string | undefined;
  /** The files it comes from, in order, when a pipe's producer printed several (`cat a b |`), resolved so. */
  readonly files?: readonly string[];
  /** How it arrives, for `via`: a heredoc or here-string, a pipe, a redirected file. */
  readonly how: '<<' | '|' | '<';
  /** From a pipe: the previous stage's file effects are the collector's [effectsFrom, effectsTo) (what it read). */
  readonly effectsFrom?: number;
  readonly effectsTo?: number;
}

export const NO_STDIN: Stdin = { text: undefined, file: undefined, how: '|' };

/** The stdin a command's own redirections give it (the last one wins, as in the shell), or undefined. */
export function redirectedStdin(redirects: readonly Redirection[], ctx: ExpandContext): Stdin | undefined {
  let out: Stdin | undefined;
  for (const r of redirects) {
    if (r.type === 'HereDoc') {
      const body =
        r.delimiter?.quoted === true || r.body.parts === undefined ? r.body.text : expandBody(r.body.parts, ctx).value;
      out = { text: body, file: undefined, how: '<<' };
    } else if (r.type === 'HereString' && r.target !== undefined) {
      out = { text: `${expandValue(r.target, ctx).value}\n`, file: undefined, how: '<<' };
    } else if (r.type === 'Redirect' && r.operator === '<&' && r.target !== undefined && readsStdin(r)) {
      // `bash <&3` after `exec 3<<< …` or `exec 3< f`: the text the descriptor was opened on (unknown otherwise).
      const fd = r.target.value;
      const held = /^[0-9]$/.test(fd) ? ctx.vars.get(inputDescriptorName(Number(fd))) : undefined;
      out = { text: typeof held === 'string' ? held : undefined, file: undefined, how: '<' };
    } else if (r.type === 'Redirect' && r.operator === '<' && r.target !== undefined && readsStdin(r)) {
      const only = r.target.parts?.length === 1 ? r.target.parts[0] : undefined;
      if (only?.type === 'ProcessSubstitution') {
        // `< <(echo …)`: what a literal producer prints (unknown for any other).
        const text =
          only.operator === '<' && only.script !== undefined ? substitutionOutput(only.script, ctx) : undefined;
        out = { text, file: undefined, how: '<' };
        continue;
      }
      const target = expandValue(r.target, ctx);
      if (target.unknown) out = { text: undefined, file: undefined, how: '<' };
      else {
        const file = resolve(ctx.cwd, target.value);
        out = { text: ctx.fileText?.(file), file, how: '<' };
      }
    }
  }
  return out;
}

/**
 * The text an input redirection opens, whatever its descriptor (`3<<< …`, `4<<EOF`, `3< f` of a file the call or the
 * session wrote); undefined when not known, null when it is no input redirection.
 */
export function redirectedText(r: Redirection, ctx: ExpandContext): string | undefined | null {
  if (r.type === 'HereDoc')
    return r.delimiter?.quoted === true || r.body.parts === undefined
      ? r.body.text
      : expandBody(r.body.parts, ctx).value;
  if (r.type === 'HereString' && r.target !== undefined) {
    const e = expandValue(r.target, ctx);
    return e.unknown ? undefined : `${e.value}\n`;
  }
  if (r.type === 'Redirect' && r.operator === '<' && r.target !== undefined) {
    const target = expandValue(r.target, ctx);
    return target.unknown ? undefined : ctx.fileText?.(resolve(ctx.cwd, target.value));
  }
  return null;
}

/** `< f` and `0< f` feed stdin; `3< f` opens another descriptor. */
const readsStdin = (r: Extract<Redirection, { type: 'Redirect' }>): boolean =>
  r.descriptor?.type !== 'FileDescriptor' || r.descriptor.value === 0;

/** Whether a text answers a confirmation: its first line is y or yes (any case), as `yes` and `echo y` give. */
export function isAffirmative(text: string): boolean {
  const line = text.split('\n', 1)[0]?.trim().toLowerCase();
  return line === 'y' || line === 'yes';
}
