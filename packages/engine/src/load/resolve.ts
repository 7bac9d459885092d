// Resolves `extends` (bundled presets by id, other files by relative path through a host-supplied reader) and
// merges the chain into one configuration: inherited first, in order, then the file's own contracts.
import { DEFAULT_BYPASS_BUDGET, DEFAULT_BYPASS_EXPIRY, DEFAULT_CONFIRMATIONS, KEBAB_ID } from '../schema/index.js';
import type { Diagnostic } from '../diagnostics.js';
import { closest, findPreset, bundledPresets, catalogueRoleIds, type PresetSource } from '../catalogue.js';
import { dirname, joinPath } from '../matchers/paths.js';
import { locate } from './locate.js';
import { quote } from './show.js';
import { parseYaml, preparsedYaml, type ParsedFile } from './parse.js';
import { validateFile, type FileSpec, type SkippedContract } from './file.js';
import { checkContracts } from './semantics.js';
import { extendsNothing, presetContribution } from './preset-cache.js';
import type { EffectiveSandbox, EffectiveSettings, LoadedContract } from './types.js';
import { observeUnknown } from './observe.js';
import type { SandboxSetting } from '../schema/index.js';

export interface ResolveOptions {
  /** Reads a file named by a relative `extends` entry (already joined to the including file's folder). */
  readonly readFile?: (path: string) => string | undefined;
  /** The presets `extends` may name by id. Default: the bundled ones. */
  readonly presets?: readonly PresetSource[];
}

const MAX_EXTENDS_DEPTH = 8;

/** One file's contribution after its own extends were merged in. */
export interface Resolved {
  readonly contracts: LoadedContract[];
  readonly skipped: SkippedContract[];
  readonly settings: { -readonly [K in keyof EffectiveSettings]?: EffectiveSettings[K] };
  readonly agents: Record<string, string>;
  readonly defaultRole: string | undefined;
  /** Whether a file in the chain set roles.default (otherwise the session holds every extended preset's role). */
  readonly defaultSet: boolean;
  readonly customRoles: string[];
  readonly presets: string[];
  readonly files: string[];
}

export interface ResolveContext {
  readonly options: ResolveOptions;
  readonly diagnostics: Diagnostic[];
  readonly sources: Map<string, ParsedFile>;
}

export const isPresetReference = (entry: string): boolean => KEBAB_ID.test(entry);

export function resolveFile(spec: FileSpec, ctx: ResolveContext, chain: readonly string[]): Resolved {
  const { parsed } = spec;
  const merged: Resolved = {
    contracts: [],
    skipped: [...spec.skipped],
    settings: {},
    agents: {},
    defaultRole: undefined,
    defaultSet: false,
    customRoles: [],
    presets: [],
    files: [parsed.file],
  };
  let inheritedDefault: string | undefined;
  let inheritedSet = false;
  const inheritedFrom = new Map<string, string>();

  spec.extends.forEach((entry, i) => {
    const child = loadExtended(entry, spec, ctx, chain, ['extends', i]);
    if (!child) return;
    for (const lc of child.contracts) {
      const other = inheritedFrom.get(lc.contract.id);
      if (other !== undefined) {
        ctx.diagnostics.push({
          code: 'duplicate-id',
          severity: 'error',
          file: parsed.file,
          path: ['extends', i],
          position: locate(parsed, ['extends', i]),
          contractId: lc.contract.id,
          message: `${quote(entry)} and ${quote(other)} both define contract "${lc.contract.id}"; the one from ${quote(other)} is kept`,
          hint: `rename one of them, or add "${lc.contract.id}" to "disable" and define the contract you want in this file`,
        });
        continue;
      }
      inheritedFrom.set(lc.contract.id, entry);
      merged.contracts.push(lc);
    }
    merged.skipped.push(...child.skipped);
    Object.assign(merged.settings, child.settings);
    Object.assign(merged.agents, child.agents);
    if (child.defaultSet && !inheritedSet) {
      inheritedDefault = child.defaultRole;
      inheritedSet = true;
    }
    inheritedDefault ??= child.defaultRole;
    merged.customRoles.push(...child.customRoles);
    merged.presets.push(...child.presets.filter((p) => !merged.presets.includes(p)));
    merged.files.push(...child.files.filter((f) => !merged.files.includes(f)));
  });

  spec.disable.forEach((id, i) => {
    const at = merged.contracts.findIndex((c) => c.contract.id === id);
    if (at >= 0) merged.contracts.splice(at, 1);
    else
      ctx.diagnostics.push({
        code: 'disable-unknown',
        severity: 'warning',
        file: parsed.file,
        path: ['disable', i],
        position: locate(parsed, ['disable', i]),
        message: `"disable" names ${quote(id)}, but no inherited contract has that id`,
        hint:
          closest(
            id,
            merged.contracts.map((c) => c.contract.id),
          ).map((n) => `did you mean "${n}"?`)[0] ?? 'remove the entry or check the id',
      });
  });

  const own = checkContracts(parsed, spec.contracts);
  ctx.diagnostics.push(...own.diagnostics);
  merged.skipped.push(...own.skipped);
  const presetId = spec.preset?.id;
  for (const { contract, index } of own.usable) {
    const loaded: LoadedContract = {
      contract,
      roles: contract.roles ?? (presetId ? [presetId] : undefined),
      origin: { file: parsed.file, index, ...(presetId ? { preset: presetId } : {}) },
    };
    const replaced = merged.contracts.findIndex((c) => c.contract.id === contract.id);
    if (replaced >= 0) {
      // Legal, and documented, but easy to do by accident (a new rule given an id a preset already uses).
      const was = merged.contracts[replaced]!.origin;
      ctx.diagnostics.push({
        code: 'replaces-inherited',
        severity: 'warning',
        file: parsed.file,
        path: ['contracts', index, 'id'],
        position: locate(parsed, ['contracts', index, 'id']),
        contractId: contract.id,
        message: `contract "${contract.id}" replaces the one inherited from ${was.preset ? `preset "${was.preset}"` : `"${was.file}"`}`,
        hint: `use a new id, or disable the inherited one and add yours (disable: [${contract.id}])`,
      });
    }
    if (replaced >= 0)
      merged.contracts[replaced] = loaded; // INVARIANT: an own contract overrides an inherited one in place
    else merged.contracts.push(loaded);
  }

  const s = spec.settings;
  if (s?.bypassBudget !== undefined) merged.settings.bypassBudget = s.bypassBudget;
  if (s?.confirmations !== undefined) merged.settings.confirmations = s.confirmations;
  if (s?.onError !== undefined) merged.settings.onError = s.onError;
  if (s?.bypassExpiresAfter !== undefined) merged.settings.bypassExpiresAfter = s.bypassExpiresAfter;
  if (s?.opaque !== undefined) merged.settings.opaque = s.opaque;
  if (s?.unparseable !== undefined) merged.settings.unparseable = s.unparseable;
  if (s?.unknownValues !== undefined) merged.settings.unknownValues = s.unknownValues;
  if (s?.caseInsensitivePaths !== undefined) merged.settings.caseInsensitivePaths = s.caseInsensitivePaths;
  if (s?.decisionLog !== undefined) merged.settings.decisionLog = s.decisionLog;
  if (s?.observe !== undefined) merged.settings.observe = s.observe;
  ctx.diagnostics.push(...observeUnknown(parsed, s?.observe, merged.contracts));
  // One sandbox setting wins whole (a file's own over its extends), like every other setting: lists are not merged,
  // so what a file says is all it opens.
  if (s?.sandbox !== undefined) merged.settings.sandbox = effectiveSandbox(s.sandbox);
  Object.assign(merged.agents, spec.roles?.agents ?? {});
  merged.customRoles.push(...(spec.roles?.custom ?? []));
  if (presetId && !merged.presets.includes(presetId)) merged.presets.unshift(presetId);
  const ownDefault = spec.roles?.default ?? presetId;
  const defaultSet = spec.roles?.default !== undefined || inheritedSet;
  return {
    ...merged,
    defaultRole:
      spec.roles?.default ?? (inheritedSet ? inheritedDefault : (ownDefault ?? inheritedDefault ?? merged.presets[0])),
    defaultSet,
  };
}

function loadExtended(
  entry: string,
  spec: FileSpec,
  ctx: ResolveContext,
  chain: readonly string[],
  path: (string | number)[],
): Resolved | undefined {
  const { parsed } = spec;
  const where = { file: parsed.file, path, position: locate(parsed, path) };
  let file: string;
  let text: string | undefined;
  let data: unknown;
  let preset: PresetSource | undefined;
  if (isPresetReference(entry)) {
    const presets = ctx.options.presets ?? bundledPresets;
    preset = ctx.options.presets ? presets.find((p) => p.id === entry) : findPreset(entry);
    if (!preset) {
      const near = closest(
        entry,
        presets.map((p) => p.id),
      );
      ctx.diagnostics.push({
        code: 'unknown-preset',
        severity: 'error',
        ...where,
        message: `${quote(entry)} is not a bundled role preset`,
        hint:
          near.length > 0
            ? `did you mean ${near.map((n) => `"${n}"`).join(', ')}?`
            : `the presets are: ${presets.map((p) => p.id).join(', ')}; a file needs a path such as ./${entry}.yaml`,
      });
      return undefined;
    }
    file = preset.file;
    data = preset.data;
  } else {
    file = joinPath(dirname(parsed.file), entry);
    text = ctx.options.readFile?.(file);
    if (text === undefined) {
      ctx.diagnostics.push({
        code: 'extends-unreadable',
        severity: 'error',
        ...where,
        message: ctx.options.readFile
          ? `cannot read ${quote(entry)} (looked for ${file})`
          : `${quote(entry)} is a file path, and files cannot be read here`,
        hint: ctx.options.readFile
          ? 'check the path; it is relative to the file that names it'
          : 'paste the contracts into this file, or use a bundled preset id',
      });
      return undefined;
    }
  }
  if (chain.includes(file)) {
    ctx.diagnostics.push({
      code: 'extends-cycle',
      severity: 'error',
      ...where,
      message: `${quote(entry)} extends itself through ${[...chain, file].join(' -> ')}`,
      hint: 'remove one of the extends entries that form the cycle',
    });
    return undefined;
  }
  if (chain.length >= MAX_EXTENDS_DEPTH) {
    ctx.diagnostics.push({
      code: 'extends-cycle',
      severity: 'error',
      ...where,
      message: `extends nests deeper than ${MAX_EXTENDS_DEPTH} files`,
      hint: 'extend the files you need directly from the top file',
    });
    return undefined;
  }
  if (preset) {
    const cached = fromPresetCache(preset, ctx);
    if (cached) return cached;
  }
  // A preset's text is read only when it is parsed here or a position is needed (the plugin unpacks it on first use).
  const textOf = (): string => text ?? preset!.text;
  const child =
    ctx.sources.get(file) ??
    (data !== undefined ? preparsedYaml(textOf, file, data, preset?.checked === true) : parseYaml(textOf(), file));
  if (!ctx.sources.has(file)) {
    ctx.sources.set(file, child);
    ctx.diagnostics.push(...child.diagnostics);
  }
  if (child.data === undefined) return undefined;
  const childSpec = validateFile(child);
  ctx.diagnostics.push(...childSpec.diagnostics);
  return resolveFile(childSpec, ctx, [...chain, file]);
}

/**
 * A preset's contribution from the cache (computed on first use), reported into this load as an uncached load
 * would report it. Undefined when it cannot be cached, or when this load already holds another file of that name.
 */
function fromPresetCache(preset: PresetSource, ctx: ResolveContext): Resolved | undefined {
  const contribution = presetContribution(preset, () => {
    const parsed =
      preset.data !== undefined
        ? preparsedYaml(() => preset.text, preset.file, preset.data, preset.checked === true)
        : parseYaml(preset.text, preset.file);
    if (parsed.data === undefined || !extendsNothing(parsed.data)) return undefined;
    const spec = validateFile(parsed);
    // A preset that extends nothing reads no other file: a context of its own collects exactly what it reports.
    const own: ResolveContext = { options: {}, diagnostics: [...spec.diagnostics], sources: new Map() };
    const resolved = resolveFile(spec, own, [preset.file]);
    return { parsed, parseDiagnostics: parsed.diagnostics, diagnostics: own.diagnostics, resolved };
  });
  if (!contribution) return undefined;
  const known = ctx.sources.get(preset.file);
  if (known !== undefined && known !== contribution.parsed) return undefined;
  if (known === undefined) {
    ctx.sources.set(preset.file, contribution.parsed);
    ctx.diagnostics.push(...contribution.parseDiagnostics);
  }
  ctx.diagnostics.push(...contribution.diagnostics);
  return contribution.resolved;
}

export function effectiveSettings(partial: Partial<EffectiveSettings>): EffectiveSettings {
  return {
    bypassBudget: partial.bypassBudget ?? DEFAULT_BYPASS_BUDGET,
    confirmations: partial.confirmations ?? DEFAULT_CONFIRMATIONS,
    onError: partial.onError ?? 'allow',
    bypassExpiresAfter: partial.bypassExpiresAfter ?? DEFAULT_BYPASS_EXPIRY,
    opaque: partial.opaque ?? 'allow',
    unparseable: partial.unparseable ?? 'warn',
    unknownValues: partial.unknownValues ?? 'ignore',
    caseInsensitivePaths: partial.caseInsensitivePaths ?? false,
    decisionLog: partial.decisionLog ?? false,
    observe: partial.observe ?? false,
    sandbox: partial.sandbox ?? DEFAULT_SANDBOX,
  };
}

const DEFAULT_SANDBOX: EffectiveSandbox = { mode: 'on', writable: [], network: undefined, localPorts: [] };

export function effectiveSandbox(setting: SandboxSetting): EffectiveSandbox {
  if (setting === 'off' || setting === false) return { mode: 'off' };
  return {
    mode: 'on',
    writable: setting.writable ?? [],
    network: setting.network,
    localPorts: [...new Set(setting.localPorts ?? [])],
  };
}

export const knownRoles = (custom: readonly string[]): string[] => [...new Set([...catalogueRoleIds(), ...custom])];
