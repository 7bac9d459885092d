// Checks what the schema cannot: anchor ids exist, patterns and globs compile, ids are unique in a file.
// A contract whose patterns do not compile cannot be enforced and is skipped; the others are kept.
import {
  asList,
  Contract as ContractSchema,
  MessageMatch,
  StateMatch,
  ToolMatch,
  type Contract,
  type EventMatch,
  type Exception,
} from '../schema/index.js';
import type { Diagnostic } from '../diagnostics.js';
import { closest, catalogue, findAnchor } from '../catalogue.js';
import { compilePattern } from '../matchers/regex.js';
import { compileGlobs } from '../matchers/glob.js';
import { locate, type DataPath } from './locate.js';
import type { FileContract, SkippedContract } from './file.js';
import type { ParsedFile } from './parse.js';
import { quote } from './show.js';

export interface MatcherField {
  readonly kind: 'pattern' | 'glob';
  readonly values: readonly string[];
  /** Path of the field relative to the contract. */
  readonly path: DataPath;
}

/** Every pattern and glob field of a contract's triggers and exceptions, with its path. */
export function matcherFields(contract: Contract): MatcherField[] {
  const out: MatcherField[] = [];
  const list = <T>(v: T | readonly T[]) => (Array.isArray(v) ? (v as readonly T[]) : [v as T]);
  const single = (v: unknown) => !Array.isArray(v);
  const push = (kind: MatcherField['kind'], v: string | readonly string[] | undefined, path: DataPath) => {
    if (v !== undefined) out.push({ kind, values: asList(v), path });
  };
  const eventMatch = (m: EventMatch | Exception, base: DataPath) => {
    if (m.tool) {
      push('glob', m.tool.name, [...base, 'tool', 'name']);
      push('glob', m.tool.path, [...base, 'tool', 'path']);
      push('pattern', m.tool.command, [...base, 'tool', 'command']);
      push('pattern', m.tool.content, [...base, 'tool', 'content']);
      push('pattern', m.tool.url, [...base, 'tool', 'url']);
      const runs = m.tool.run;
      if (runs !== undefined) {
        list(runs).forEach((r, i) => {
          const at: DataPath = single(runs) ? [...base, 'tool', 'run'] : [...base, 'tool', 'run', i];
          push('glob', r.program, [...at, 'program']);
          push('glob', r.args, [...at, 'args']);
          push('pattern', r.text, [...at, 'text']);
          push('pattern', r.option?.value, [...at, 'option', 'value']);
        });
      }
      const effects = m.tool.effect;
      if (effects !== undefined) {
        list(effects).forEach((e, i) => {
          const at: DataPath = single(effects) ? [...base, 'tool', 'effect'] : [...base, 'tool', 'effect', i];
          push('glob', e.path, [...at, 'path']);
          push('pattern', e.content, [...at, 'content']);
        });
      }
      for (const [key, v] of Object.entries(m.tool.args ?? {})) push('pattern', v, [...base, 'tool', 'args', key]);
    }
    if (m.message) {
      push('pattern', m.message.text, [...base, 'message', 'text']);
      push('glob', m.message.attachment, [...base, 'message', 'attachment']);
    }
  };
  const trigger = (t: Exception, base: DataPath) => {
    eventMatch(t, base);
    for (const key of ['after', 'notAfter'] as const) {
      const v = t.state?.[key];
      if (v === undefined) continue;
      list(v).forEach((m, i) => eventMatch(m, single(v) ? [...base, 'state', key] : [...base, 'state', key, i]));
    }
  };
  list(contract.when).forEach((t, i) => trigger(t, single(contract.when) ? ['when'] : ['when', i]));
  if (contract.unless !== undefined) {
    const unless = contract.unless;
    list(unless).forEach((t, i) => trigger(t, single(unless) ? ['unless'] : ['unless', i]));
  }
  return out;
}

export interface SemanticResult {
  readonly diagnostics: readonly Diagnostic[];
  /** Contracts that passed: the ones that can be compiled and enforced. */
  readonly usable: readonly FileContract[];
  readonly skipped: readonly SkippedContract[];
}

const compilesCleanly = new WeakSet<Contract>();

export function checkContracts(parsed: ParsedFile, contracts: readonly FileContract[]): SemanticResult {
  const diagnostics: Diagnostic[] = [];
  const usable: FileContract[] = [];
  const skipped: SkippedContract[] = [];
  const seen = new Map<string, number>();

  for (const fc of contracts) {
    const { contract, index } = fc;
    const base: DataPath = ['contracts', index];
    const at = (path: DataPath) => ({
      file: parsed.file,
      path: [...base, ...path],
      position: locate(parsed, [...base, ...path]),
      contractId: contract.id,
    });
    let broken: string | undefined;

    const first = seen.get(contract.id);
    if (first !== undefined) {
      diagnostics.push({
        code: 'duplicate-id',
        severity: 'error',
        ...at(['id']),
        message: `duplicate contract id "${contract.id}" (first defined at contracts[${first}])`,
        hint: 'give each contract its own id; to change an inherited contract, redefine it once in your own file',
      });
      broken = `duplicate contract id "${contract.id}"`;
    } else {
      seen.set(contract.id, index);
    }

    diagnostics.push(...anchorProblems(contract.anchorRefs, at));
    const problems = parsed.trusted || compilesCleanly.has(contract) ? [] : matcherProblems(contract, at);
    // Whether the patterns and globs compile depends on the contract alone: a frozen one (the schema cache's) that
    // passed once is not checked again. A contract with problems is checked each time, for their positions.
    if (problems.length === 0 && Object.isFrozen(contract)) compilesCleanly.add(contract);
    for (const problem of problems) {
      broken ??= problem.message;
      diagnostics.push(problem);
    }

    if (broken)
      skipped.push({ id: contract.id, file: parsed.file, index, position: locate(parsed, base), reason: broken });
    else usable.push(fc);
  }
  return { diagnostics, usable, skipped };
}

type At = (path: DataPath) => Pick<Diagnostic, 'file' | 'path' | 'position' | 'contractId'>;

function anchorProblems(anchorRefs: readonly string[], at: At): Diagnostic[] {
  return anchorRefs.flatMap((ref, i): Diagnostic[] => {
    if (findAnchor(ref)) return [];
    const near = closest(
      ref,
      catalogue.anchors.map((a) => a.id),
    );
    return [
      {
        code: 'unknown-anchor',
        severity: 'error',
        ...at(['anchorRefs', i]),
        message: `${quote(ref)} is not an anchor id in the Semantic Anchors catalogue (commit ${catalogue.meta.commit.slice(0, 12)})`,
        hint:
          near.length > 0
            ? `did you mean ${near.map((n) => `"${n}"`).join(', ')}?`
            : "look the id up on the configurator's Anchors page",
      },
    ];
  });
}

/** Patterns that RE2 cannot compile and globs picomatch cannot: each one keeps its contract from being enforced. */
function matcherProblems(contract: Pick<Contract, 'when' | 'unless'>, at: At): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const field of matcherFields(contract as Contract)) {
    field.values.forEach((value, i) => {
      const path =
        field.values.length === 1 && !Array.isArray(getIn(contract, field.path)) ? field.path : [...field.path, i];
      const result = field.kind === 'pattern' ? compilePattern(value) : compileGlobs([value]);
      if (result.ok) return;
      out.push({
        code: field.kind === 'pattern' ? 'bad-pattern' : 'bad-glob',
        severity: 'error',
        ...at(path),
        message: `${field.kind} ${quote(value)} does not compile: ${result.error}`,
        hint: result.hint,
      });
    });
  }
  return out;
}

/**
 * The checks that still make sense for a contract the schema rejected: its anchor ids and the patterns and globs
 * of the triggers that did parse. Reported in the same pass, so fixing the mode does not reveal a second round.
 */
export function checkRejectedContract(
  parsed: ParsedFile,
  raw: unknown,
  index: number,
  contractId: string | undefined,
): Diagnostic[] {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return [];
  const record = raw as Record<string, unknown>;
  const base: DataPath = ['contracts', index];
  const at: At = (path) => ({
    file: parsed.file,
    path: [...base, ...path],
    position: locate(parsed, [...base, ...path]),
    ...(contractId ? { contractId } : {}),
  });
  const anchors = ContractSchema.shape.anchorRefs.safeParse(record.anchorRefs);
  const out = anchors.success ? anchorProblems(anchors.data, at) : [];
  const salvage = (v: unknown): Exception | Exception[] | undefined => {
    if (v === undefined) return undefined;
    const parts = (Array.isArray(v) ? v : [v]).map((t): Exception => {
      const o = (t !== null && typeof t === 'object' ? t : {}) as Record<string, unknown>;
      return {
        tool: salvageFields(ToolMatch, o.tool),
        message: salvageFields(MessageMatch, o.message),
        state: salvageFields(StateMatch, o.state),
      } as Exception;
    });
    return Array.isArray(v) ? parts : parts[0];
  };
  const when = salvage(record.when) ?? [];
  out.push(...matcherProblems({ when, unless: salvage(record.unless) } as Pick<Contract, 'when' | 'unless'>, at));
  return out;
}

/** The fields of a mapping that are valid on their own: a misspelt sibling key does not hide a bad pattern. */
function salvageFields(
  schema: { shape: Record<string, { safeParse(x: unknown): { success: boolean; data?: unknown } }> },
  raw: unknown,
): Record<string, unknown> | undefined {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return undefined;
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(schema.shape)) {
    const value = (raw as Record<string, unknown>)[key];
    if (value === undefined) continue;
    const result = field.safeParse(value);
    if (result.success) out[key] = result.data;
  }
  return out;
}

function getIn(value: unknown, path: DataPath): unknown {
  let v = value;
  for (const p of path) v = (v as Record<string | number, unknown> | undefined)?.[p];
  return v;
}
