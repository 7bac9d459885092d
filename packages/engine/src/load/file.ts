// Validates one parsed file against the schema, key by key and contract by contract, so that one broken part
// is reported and skipped while the rest still loads.
// The namespace import (not { z }) lets bundlers drop the parts of zod we do not use, its locales above all.
import type * as z from 'zod';
import { isMap, isScalar } from 'yaml';
import { Config, Contract, type PresetInfo, type Roles, type Settings } from '../schema/index.js';
import type { Diagnostic } from '../diagnostics.js';
import { parseContract } from './contract-cache.js';
import { issuesToDiagnostics } from './issues.js';
import { keyHint } from './keys.js';
import { locate } from './locate.js';
import type { ParsedFile } from './parse.js';
import { checkRejectedContract } from './semantics.js';
import { quote } from './show.js';

export interface FileContract {
  readonly contract: Contract;
  readonly index: number;
}

/** A contract that cannot be enforced until its errors are fixed; the others still apply. */
export interface SkippedContract {
  readonly id: string | undefined;
  readonly file: string;
  readonly index: number;
  readonly position: import('../diagnostics.js').Position;
  /** The first problem that keeps it out, in words. */
  readonly reason: string;
}

export interface FileSpec {
  readonly parsed: ParsedFile;
  readonly preset: PresetInfo | undefined;
  readonly extends: readonly string[];
  readonly roles: Roles | undefined;
  readonly settings: Settings | undefined;
  readonly disable: readonly string[];
  readonly contracts: readonly FileContract[];
  readonly skipped: readonly SkippedContract[];
  readonly diagnostics: readonly Diagnostic[];
}

const TOP_KEYS = Object.keys(Config.shape) as (keyof typeof Config.shape)[];

export function validateFile(parsed: ParsedFile): FileSpec {
  const diagnostics: Diagnostic[] = [];
  const data = parsed.data;
  const empty: FileSpec = {
    parsed,
    preset: undefined,
    extends: [],
    roles: undefined,
    settings: undefined,
    disable: [],
    contracts: [],
    skipped: [],
    diagnostics,
  };
  if (data === null || data === undefined || typeof data !== 'object' || Array.isArray(data)) {
    diagnostics.push({
      code: 'schema',
      severity: 'error',
      file: parsed.file,
      position: locate(parsed, []),
      message: 'the file must be a mapping with at least "version: 1"',
      hint: 'start the file with "version: 1" and list your rules under "contracts:"',
    });
    return empty;
  }
  const record = data as Record<string, unknown>;
  if (parsed.checked) return checkedSpec(parsed, record);

  reportTopLevelKeys(record, parsed, diagnostics);
  const broken = (path: (string | number)[]) =>
    parsed.broken.some((b) => b.path.length === path.length && b.path.every((p, i) => p === path[i]));

  // Each top-level key is checked on its own so a bad "settings" does not cost the contracts.
  // A key a syntax error broke is left out: its value is the parser's guess (reported once, in the parse stage).
  const field = <T extends z.ZodType>(key: string, schema: T): z.output<T> | undefined => {
    if (broken([key])) return undefined;
    const result = schema.safeParse(record[key]);
    if (result.success) return result.data;
    diagnostics.push(...issuesToDiagnostics(result.error.issues, parsed, [key], undefined, schema));
    return undefined;
  };
  field('version', Config.shape.version);
  const preset = field('preset', Config.shape.preset);
  const ext = field('extends', Config.shape.extends) ?? [];
  const roles = field('roles', Config.shape.roles);
  reportDroppedAgents(record.roles, roles, parsed, diagnostics);
  const settings = field('settings', Config.shape.settings);
  const disable = field('disable', Config.shape.disable) ?? [];
  field('$schema', Config.shape.$schema);

  const contracts: FileContract[] = [];
  const skipped: SkippedContract[] = [];
  const rawContracts = record.contracts;
  if (broken(['contracts'])) {
    // The list itself is unreadable (a syntax error before its first item): the syntax diagnostic says where.
  } else if (rawContracts !== undefined && !Array.isArray(rawContracts)) {
    diagnostics.push({
      code: 'schema',
      severity: 'error',
      file: parsed.file,
      path: ['contracts'],
      position: locate(parsed, ['contracts']),
      message: 'contracts must be a list',
      hint: 'write each contract as a list item starting with "- id: ..."',
    });
  } else if (Array.isArray(rawContracts)) {
    rawContracts.forEach((raw, index) => {
      const id = typeof (raw as { id?: unknown })?.id === 'string' ? (raw as { id: string }).id : undefined;
      const syntax = parsed.broken.find((b) => b.path[0] === 'contracts' && b.path[1] === index);
      if (syntax) {
        skipped.push({
          id,
          file: parsed.file,
          index,
          position: locate(parsed, ['contracts', index]),
          reason: syntax.diagnostic.message,
        });
        return;
      }
      const result = parseContract(raw);
      if (result.success) {
        contracts.push({ contract: result.data, index });
        return;
      }
      const problems = issuesToDiagnostics(result.error.issues, parsed, ['contracts', index], id, Contract);
      diagnostics.push(...problems, ...checkRejectedContract(parsed, raw, index, id));
      skipped.push({
        id,
        file: parsed.file,
        index,
        position: locate(parsed, ['contracts', index]),
        reason: problems[0]?.message ?? 'invalid',
      });
    });
  }
  return { parsed, preset, extends: ext, roles, settings, disable, contracts, skipped, diagnostics };
}

/**
 * A file whose data is the schema's own reading, made and found clean when the bundle was built (a bundled preset):
 * taken as read. Checking a hundred contracts again was most of the plugin's start-up with every preset extended.
 */
function checkedSpec(parsed: ParsedFile, record: Record<string, unknown>): FileSpec {
  const checked = record as Partial<Config>;
  return {
    parsed,
    preset: checked.preset,
    extends: checked.extends ?? [],
    roles: checked.roles,
    settings: checked.settings,
    disable: checked.disable ?? [],
    contracts: (checked.contracts ?? []).map((contract, index) => ({ contract, index })),
    skipped: [],
    diagnostics: [],
  };
}

/**
 * The schema's reading of a file as plain data, for a bundle to carry with `checked: true` (read back by checkedSpec);
 * undefined when the reading gives any diagnostic or skips a contract. Build-time only.
 */
export function checkedData(parsed: ParsedFile): Record<string, unknown> | undefined {
  const spec = validateFile({ ...parsed, checked: false });
  if (spec.diagnostics.length > 0 || spec.skipped.length > 0) return undefined;
  const data = {
    version: 1,
    preset: spec.preset,
    extends: spec.extends,
    roles: spec.roles,
    settings: spec.settings,
    disable: spec.disable,
    contracts: spec.contracts.map((c) => c.contract),
  };
  // As JSON carries it: a key whose value is undefined is left out, as it is in the bundle.
  return JSON.parse(JSON.stringify(data)) as Record<string, unknown>;
}

const CONTRACT_KEYS = Object.keys(Contract.shape);

/**
 * Unknown top-level keys, with "did you mean". Contract keys at the top level are a contract pasted without its
 * indentation: one diagnostic for the block, not one per key. Keys that are not plain words come from a block the
 * parser could not read; the syntax diagnostic already covers them.
 */
function reportTopLevelKeys(record: Record<string, unknown>, parsed: ParsedFile, diagnostics: Diagnostic[]): void {
  // Data checked at build time has no keys the parser made up; reading its document would parse the text again.
  const root = parsed.trusted ? undefined : parsed.doc?.contents;
  const written = new Set(
    isMap(root)
      ? root.items.filter((p) => isScalar(p.key)).map((p) => String((p.key as { value: unknown }).value))
      : Object.keys(record),
  );
  const unknown = Object.keys(record).filter((key) => !(TOP_KEYS as string[]).includes(key) && written.has(key));
  const pasted = unknown.filter((key) => CONTRACT_KEYS.includes(key));
  if (pasted.length >= 2) {
    const id = typeof record.id === 'string' ? ` ${quote(record.id)}` : '';
    diagnostics.push({
      code: 'unknown-key',
      severity: 'error',
      file: parsed.file,
      path: [pasted[0]!],
      position: locate(parsed, [pasted[0]!], true),
      message: `contract${id} is written at the top level (keys ${pasted
        .slice(0, 3)
        .map((k) => `"${k}"`)
        .join(', ')}${pasted.length > 3 ? ', …' : ''}), outside "contracts:"`,
      hint: 'indent it under contracts: as a list item, for example "  - id: …" with its other keys lined up below "id"',
    });
  }
  for (const key of unknown) {
    if (pasted.length >= 2 && pasted.includes(key)) continue;
    diagnostics.push({
      code: 'unknown-key',
      severity: 'error',
      file: parsed.file,
      path: [key],
      position: locate(parsed, [key], true),
      message: `unknown key ${quote(key)} at the top level`,
      hint: keyHint(key, TOP_KEYS),
    });
  }
}

/** zod leaves out a record key named "__proto__"; say so instead of losing the mapping silently. */
function reportDroppedAgents(
  raw: unknown,
  roles: Roles | undefined,
  parsed: ParsedFile,
  diagnostics: Diagnostic[],
): void {
  const agents = (raw as { agents?: unknown } | undefined)?.agents;
  if (!roles?.agents || agents === null || typeof agents !== 'object') return;
  for (const key of Object.keys(agents)) {
    if (Object.hasOwn(roles.agents, key)) continue;
    diagnostics.push({
      code: 'unknown-key',
      severity: 'error',
      file: parsed.file,
      path: ['roles', 'agents', key],
      position: locate(parsed, ['roles', 'agents', key], true),
      message: `the agent name "${key}" is reserved and cannot be mapped`,
      hint: 'rename the agent in opencode, or remove this entry',
    });
  }
}
