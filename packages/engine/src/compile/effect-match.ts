// Compiles an effect match into a predicate over one file effect, whichever tool has it.
import { asList, type EffectMatch } from '../schema/index.js';
import type { EffectFact, FileEffectKind } from '../facts/index.js';
import { lazyPattern, type TextMatcher } from '../matchers/regex.js';
import { lazyGlobs, type ExplainingPathMatcher } from '../matchers/glob.js';
import { describeSecrets, hasSecret, secretsIn } from './secret-check.js';

export interface CompiledEffectMatch {
  readonly summary: string;
  /** The kinds of effect it can hold on. */
  readonly kinds: ReadonlySet<FileEffectKind>;
  test(e: EffectFact): boolean;
  explain(e: EffectFact): string;
}

const CHANGE: readonly FileEffectKind[] = ['write', 'append', 'delete'];

export function compileEffectMatch(m: EffectMatch, nocase: boolean): CompiledEffectMatch {
  const kinds = new Set<FileEffectKind>(asList(m.kind ?? 'change').flatMap((k) => (k === 'change' ? CHANGE : [k])));
  const path: ExplainingPathMatcher | undefined = m.path === undefined ? undefined : lazyGlobs(asList(m.path), nocase);
  const content: TextMatcher[] | undefined = m.content === undefined ? undefined : asList(m.content).map(lazyPattern);
  const summary = [
    `${[...kinds].join('/')} of a file`,
    m.path !== undefined ? `path ${asList(m.path).join(', ')}` : '',
    m.content !== undefined
      ? `content ~ ${asList(m.content)
          .map((p) => `/${p}/`)
          .join(' or ')}`
      : '',
    m.secret === true ? 'content with a secret' : m.secret === false ? 'content without a secret' : '',
  ]
    .filter(Boolean)
    .join(', ');
  return {
    summary,
    kinds,
    test(e) {
      if (!kinds.has(e.kind)) return false;
      if (path && !path.test(e.path.relative, e.path.absolute)) return false;
      if (content && (e.content === undefined || !content.some((p) => p.test(e.content!)))) return false;
      if (m.secret !== undefined && hasSecret(e.content, e.path.relative) !== m.secret) return false;
      return true;
    },
    explain(e) {
      const said = [`${e.kind} ${e.path.relative} (${e.via})`];
      if (path) {
        // The globs that hold, not the whole list (a built-in guards hundreds of paths).
        const hit = path.matching(e.path.relative, e.path.absolute);
        said.push(`path matches ${(hit.length > 0 ? hit : path.sources).join(', ')}`);
      }
      const c = content?.find((p) => e.content !== undefined && p.test(e.content));
      if (c) said.push(`content ~ /${c.source}/`);
      if (m.secret === true) said.push(`a secret: ${describeSecrets(secretsIn(e.content, e.path.relative))}`);
      return said.join(', ');
    },
  };
}
