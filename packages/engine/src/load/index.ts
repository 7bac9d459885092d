// The load stage: YAML text → a validated, merged configuration and every problem found, with positions.
// It never throws and never reads a file itself: relative `extends` go through the caller's readFile.
import { sortDiagnostics, type Diagnostic } from '../diagnostics.js';
import { closest } from '../catalogue.js';
import { locate } from './locate.js';
import { parseYaml, type ParsedFile } from './parse.js';
import { reachWarnings } from './reach.js';
import { quote } from './show.js';
import { validateFile } from './file.js';
import { effectiveSettings, knownRoles, resolveFile, type ResolveOptions } from './resolve.js';
import type { LoadResult, LoadedConfig } from './types.js';

export type {
  LoadResult,
  LoadedConfig,
  LoadedContract,
  LoadStatus,
  EffectiveSettings,
  EffectiveSandbox,
  EffectiveRoles,
  ContractOrigin,
  SkippedContract,
} from './types.js';
export type { ParsedFile } from './parse.js';
export { parseYaml, preparsedYaml, LIMITS } from './parse.js';
export { checkedData } from './file.js';
export { locate } from './locate.js';
export { matcherFields } from './semantics.js';
export { isPresetReference } from './resolve.js';

export interface LoadOptions extends ResolveOptions {
  /** The file name shown in diagnostics, and the folder relative extends are resolved from. */
  readonly file?: string;
}

export const EMPTY_CONFIG: LoadedConfig = {
  contracts: [],
  settings: effectiveSettings({}),
  roles: { default: null, defaults: [], agents: {}, known: knownRoles([]) },
  presets: [],
  files: [],
  skipped: [],
};

export function loadConfig(text: string, options: LoadOptions = {}): LoadResult {
  const file = options.file ?? 'opencode-semantic-anchors.yaml';
  const parsed = parseYaml(text, file);
  const sources = new Map<string, ParsedFile>([[file, parsed]]);
  if (parsed.data === undefined) {
    return {
      status: 'unreadable',
      config: { ...EMPTY_CONFIG, files: [file] },
      diagnostics: sortDiagnostics(parsed.diagnostics),
      sources,
    };
  }
  const diagnostics: Diagnostic[] = [...parsed.diagnostics];
  const spec = validateFile(parsed);
  diagnostics.push(...spec.diagnostics);
  const resolved = resolveFile(spec, { options, diagnostics, sources }, [file]);

  const known = knownRoles(resolved.customRoles);
  // A preset id is a role too (a custom preset may name one the catalogue does not have).
  const accepted = [...new Set([...known, ...resolved.presets])];
  const roleProblem = (
    role: string,
    at: ParsedFile,
    path: (string | number)[],
    contractId?: string,
  ): Diagnostic | undefined =>
    accepted.includes(role)
      ? undefined
      : {
          code: 'unknown-role',
          severity: 'error',
          file: at.file,
          path,
          position: locate(at, path),
          ...(contractId ? { contractId } : {}),
          message: `${quote(role)} is not a known role`,
          hint:
            closest(role, accepted).map((n) => `did you mean "${n}"?`)[0] ??
            `declare it under roles.custom, or use one of: ${accepted.join(', ')}`,
        };
  for (const lc of resolved.contracts) {
    const at = sources.get(lc.origin.file);
    if (!at) continue;
    const base = ['contracts', lc.origin.index];
    lc.contract.roles?.forEach((r, i) =>
      pushIf(diagnostics, roleProblem(r, at, [...base, 'roles', i], lc.contract.id)),
    );
    lc.contract.examples.forEach(
      (ex, i) =>
        ex.role && pushIf(diagnostics, roleProblem(ex.role, at, [...base, 'examples', i, 'role'], lc.contract.id)),
    );
  }
  // A skipped contract's roles are still checked: fixing its pattern should not reveal a second round of errors.
  for (const sc of resolved.skipped) {
    const at = sources.get(sc.file);
    const roles = (at?.data as { contracts?: { roles?: unknown }[] } | undefined)?.contracts?.[sc.index]?.roles;
    if (!at || !Array.isArray(roles) || at.broken.some((b) => b.path[0] === 'contracts' && b.path[1] === sc.index))
      continue;
    roles.forEach(
      (r, i) =>
        typeof r === 'string' && pushIf(diagnostics, roleProblem(r, at, ['contracts', sc.index, 'roles', i], sc.id)),
    );
  }
  if (spec.roles?.default) pushIf(diagnostics, roleProblem(spec.roles.default, parsed, ['roles', 'default']));
  for (const [agent, role] of Object.entries(spec.roles?.agents ?? {}))
    pushIf(diagnostics, roleProblem(role, parsed, ['roles', 'agents', agent]));

  const config: LoadedConfig = {
    contracts: resolved.contracts,
    settings: effectiveSettings(resolved.settings),
    roles: {
      default: resolved.defaultRole ?? null,
      defaults:
        resolved.defaultSet || resolved.presets.length <= 1
          ? resolved.defaultRole
            ? [resolved.defaultRole]
            : []
          : [...new Set([...(resolved.defaultRole ? [resolved.defaultRole] : []), ...resolved.presets])],
      agents: resolved.agents,
      known,
    },
    presets: resolved.presets,
    files: resolved.files,
    skipped: resolved.skipped,
  };
  // A role reported as unknown above is not counted: the contract would still be unreachable once it is fixed.
  const reachable = new Set(
    [
      ...config.roles.defaults,
      ...(config.roles.default ? [config.roles.default] : []),
      ...Object.values(resolved.agents),
      ...resolved.customRoles,
      ...resolved.presets,
    ].filter((r) => accepted.includes(r)),
  );
  diagnostics.push(...reachWarnings(resolved.contracts, { roles: reachable, known: accepted }, sources));
  const unique = dedupe(diagnostics);
  return {
    status: unique.some((d) => d.severity === 'error') ? 'partial' : 'ok',
    config,
    diagnostics: sortDiagnostics(unique),
    sources,
  };
}

function pushIf(list: Diagnostic[], d: Diagnostic | undefined): void {
  if (d) list.push(d);
}

function dedupe(list: readonly Diagnostic[]): Diagnostic[] {
  const seen = new Set<string>();
  return list.filter((d) => {
    const key = `${d.file}:${d.position?.offset}:${d.code}:${d.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
