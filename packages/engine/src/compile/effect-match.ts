// Compiles an effect match into a predicate over one file effect, whichever tool has it.
import { asList, type EffectMatch } from '../schema/index.js';
import type { EffectFact, FileEffectKind } from '../facts/index.js';
import { lazyPattern, type TextMatcher } from '../matchers/regex.js';
import { lazyGlobs, type ExplainingPathMatcher } from '../matchers/glob.js';
import { hasUnknownNames } from '../matchers/glob-may.js';
import { describeSecrets, hasSecret, secretsIn } from './secret-check.js';
import { unknownMode, type UnknownMode } from './units.js';
import { importsSpelled } from '../shell/one-liner-fold.js';

export interface CompiledEffectMatch {
  readonly summary: string;
  /** The kinds of effect it can hold on. */
  readonly kinds: ReadonlySet<FileEffectKind>;
  test(e: EffectFact, unknown?: UnknownMode): boolean;
  explain(e: EffectFact, unknown?: UnknownMode): string;
}

const CHANGE: readonly FileEffectKind[] = ['write', 'append', 'delete'];

export function compileEffectMatch(m: EffectMatch, nocase: boolean): CompiledEffectMatch {
  const kinds = new Set<FileEffectKind>(asList(m.kind ?? 'change').flatMap((k) => (k === 'change' ? CHANGE : [k])));
  const path: ExplainingPathMatcher | undefined = m.path === undefined ? undefined : lazyGlobs(asList(m.path), nocase);
  const content: TextMatcher[] | undefined = m.content === undefined ? undefined : asList(m.content).map(lazyPattern);
  let summary: string | undefined;
  const describe = (): string =>
    [
      `${[...kinds].join('/')} of a file`,
      m.path !== undefined ? `path ${asList(m.path).join(', ')}` : '',
      m.content !== undefined
        ? `content ~ ${asList(m.content)
            .map((p) => `/${p}/`)
            .join(' or ')}`
        : '',
      m.secret === true ? 'content with a secret' : m.secret === false ? 'content without a secret' : '',
      m.unknown === 'match'
        ? 'a path the engine cannot know counts'
        : m.unknown === 'names'
          ? 'files whose names are unknown in a guarded folder count'
          : '',
      m.remote === true ? 'on another host or in a container' : m.remote === false ? 'on this machine' : '',
      m.ignored === true ? 'ignored by git' : m.ignored === false ? 'not ignored by git' : '',
      m.sessionWrote === true
        ? 'a file this session wrote earlier'
        : m.sessionWrote === false
          ? 'not a file this session wrote'
          : '',
    ]
      .filter(Boolean)
      .join(', ');
  /** Whether a path the engine knows only in part may be one of the globs', as the match's unknown mode says. */
  const partlyKnownHolds = (e: EffectFact, unknown: UnknownMode | undefined): boolean => {
    if (path === undefined) return false;
    const mode = unknownMode(m.unknown, unknown);
    // A shell glob word (`data/r?w/x.csv`, `data/*/x.csv`) is the paths bash expands it to, which the model does not
    // list: one whose shape can lay over the globs' names may be one of them, whatever the unknown mode. Its literal
    // segments still must match (`src/*.ts` never holds data/raw/**); an exception is never granted on it.
    if (mode === 'ignore')
      return (
        unknown !== 'never' && isShellGlob(e.path.relative) && path.mayHold(e.path.relative, e.path.absolute, false)
      );
    // INVARIANT: 'names' never counts a path built from a shell value: only the names inside a known folder.
    if (e.unknown === true) return mode === 'match' && path.mayHold(e.path.relative, e.path.absolute, true);
    return hasUnknownNames(e.path.relative) && path.mayHold(e.path.relative, e.path.absolute, false);
  };
  return {
    get summary() {
      return (summary ??= describe());
    },
    kinds,
    test(e, unknown) {
      if (!kinds.has(e.kind)) return false;
      if (m.remote !== undefined && (e.remote !== undefined) !== m.remote) return false;
      if (path && !path.test(e.path.relative, e.path.absolute) && !partlyKnownHolds(e, unknown)) return false;
      if (content && !contentHolds(content, e)) return false;
      if (m.secret !== undefined && hasSecret(e.content, e.path.relative) !== m.secret) return false;
      if (m.ignored !== undefined && (e.ignored !== undefined) !== m.ignored) return false;
      if (m.sessionWrote !== undefined && (e.sessionWrote === true) !== m.sessionWrote) return false;
      return true;
    },
    explain(e, unknown) {
      const said = [`${e.kind} ${e.path.relative} (${e.via})`];
      if (e.remote !== undefined) said.push(`on ${e.remote}`);
      if (path?.test(e.path.relative, e.path.absolute)) {
        // The globs that hold, not the whole list (a built-in guards hundreds of paths).
        const hit = path.matching(e.path.relative, e.path.absolute);
        said.push(pathsSaid(hit.length > 0 ? hit : path.sources));
      } else if (path && partlyKnownHolds(e, unknown))
        said.push(
          e.unknown === true
            ? 'a path the engine cannot know, counted as a match'
            : 'files whose names the engine cannot know, in a folder the contract guards, counted as a match',
        );
      const c = content?.find((p) => contentHolds([p], e));
      if (c)
        said.push(
          `content ~ /${c.source}/${e.content !== undefined && c.test(e.content) ? '' : ' (with the names it imported under another name spelled by their own)'}`,
        );
      if (m.secret === true) said.push(`a secret: ${describeSecrets(secretsIn(e.content, e.path.relative))}`);
      if (m.ignored === true && e.ignored)
        said.push(
          `ignored by git (${e.ignored.folder === '.' ? '' : `${e.ignored.folder}/`}.gitignore: ${e.ignored.pattern})`,
        );
      if (m.sessionWrote === true && e.sessionWrote) said.push('a file this session wrote earlier');
      return said.join(', ');
    },
  };
}

/**
 * How the agent's message (and a trace) says that a path is one the contract names: the globs themselves when they
 * are short, else their number. A 600-character glob list in the agent's message says nothing the contract's own
 * description does not say better; the globs stay in the contract for anyone who reads it.
 */
function pathsSaid(sources: readonly string[]): string {
  const listed = sources.join(', ');
  return listed.length <= 80
    ? `path matches ${listed}`
    : `path is one of those the contract names (${sources.length} path patterns; see the contract)`;
}

/** A path with a `*` or `?` in a segment and no `**` (that one stands for names the model lists as unknown). */
const isShellGlob = (path: string): boolean => /[*?]/.test(path) && !/(^|\/)\*\*(\/|$)/.test(path);

// INVARIANT: keyed by the effect object (immutable facts); nothing is kept alive by it.
const spelledContent = new WeakMap<EffectFact, string | null>();

/**
 * Whether a content pattern holds for what the effect writes: as written, or with the names the code imported under
 * another name spelled by their own (`import { expect as e }` … `e(1).toEqual(1)` reads as `expect(1).toEqual(1)`),
 * so a rule on written code holds however the agent renamed what it calls.
 */
function contentHolds(patterns: readonly TextMatcher[], e: EffectFact): boolean {
  const text = e.content;
  if (text === undefined) return false;
  if (patterns.some((p) => p.test(text))) return true;
  let spelled = spelledContent.get(e);
  if (spelled === undefined) {
    spelled = importsSpelled(text) ?? null;
    spelledContent.set(e, spelled);
  }
  return spelled !== null && patterns.some((p) => p.test(spelled));
}
