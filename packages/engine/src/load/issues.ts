// Turns zod issues into diagnostics whose message names the field and whose hint says how to fix it.
import type { z } from 'zod';
import type { Diagnostic } from '../diagnostics.js';
import { locate, type DataPath } from './locate.js';
import type { ParsedFile } from './parse.js';

type Issue = z.core.$ZodIssue;

export function issuesToDiagnostics(
  issues: readonly Issue[],
  parsed: ParsedFile,
  base: DataPath,
  contractId?: string,
): Diagnostic[] {
  return issues.flatMap((issue) => describe(pickBranch(issue), parsed, base, contractId));
}

/** For a union, report the branch that got furthest instead of every alternative. */
function pickBranch(issue: Issue): Issue | Issue[] {
  if (issue.code !== 'invalid_union' || issue.errors.length === 0) return issue;
  const scored = issue.errors.map((branch) => ({
    branch,
    score: branch.reduce((s, i) => s + (i.path.length === 0 && i.code === 'invalid_type' ? 1000 : 1), 0),
  }));
  scored.sort((a, b) => a.score - b.score);
  const best = scored[0]!;
  if (best.score >= 1000) return issue; // no branch fits even the shape: describe the union itself
  return best.branch.map((i) => ({ ...i, path: [...issue.path, ...i.path] }) as Issue).flatMap((i) => pickBranch(i));
}

function describe(issue: Issue | Issue[], parsed: ParsedFile, base: DataPath, contractId?: string): Diagnostic[] {
  if (Array.isArray(issue)) return issue.flatMap((i) => describe(i, parsed, base, contractId));
  const path = [...base, ...(issue.path as (string | number)[])];
  const field = renderPath(path);
  const at = (p: DataPath, key = false) => locate(parsed, p, key);
  const common = { severity: 'error' as const, file: parsed.file, ...(contractId ? { contractId } : {}) };

  switch (issue.code) {
    case 'unrecognized_keys':
      return issue.keys.map((key) => ({
        ...common, code: 'unknown-key' as const, path: [...path, key], position: at([...path, key], true),
        message: `unknown key "${key}" in ${field || 'the document'}`,
        hint: 'check the spelling against the language reference, or remove the key',
      }));
    case 'invalid_type': {
      const missing = (issue as { input?: unknown }).input === undefined;
      return [{
        ...common, code: 'schema', path, position: at(path, missing),
        message: missing ? `${field} is required` : `${field} must be ${article(issue.expected)}`,
        hint: missing ? `add "${String(path[path.length - 1])}"` : `write ${field} as ${article(issue.expected)}`,
      }];
    }
    case 'invalid_value': {
      const value = valueAt(parsed.data, path);
      const allowed = issue.values.map((v) => JSON.stringify(v)).join(', ');
      if (value === undefined) {
        return [{ ...common, code: 'schema', path, position: at(path, true), message: `${field} is required`, hint: `add ${field}: ${allowed}` }];
      }
      return [{
        ...common, code: 'schema', path, position: at(path),
        message: `${field} is ${JSON.stringify(value)}; it must be ${issue.values.length === 1 ? allowed : `one of ${allowed}`}`,
        hint: 'values are case-sensitive',
      }];
    }
    case 'invalid_format':
      return [{ ...common, code: 'schema', path, position: at(path), message: `${field}: ${issue.message}`, hint: 'see the language reference for the expected form' }];
    case 'too_small':
    case 'too_big': {
      const bound = issue.code === 'too_small' ? 'at least' : 'at most';
      const limit = String(issue.code === 'too_small' ? issue.minimum : issue.maximum);
      const what = issue.origin === 'array' ? `${limit} item(s)` : issue.origin === 'string' ? `${limit} character(s)` : limit;
      return [{ ...common, code: 'schema', path, position: at(path), message: `${field} must have ${bound} ${what}`, hint: `give ${field} ${bound} ${what}` }];
    }
    case 'invalid_union':
      return [{
        ...common, code: 'schema', path, position: at(path),
        message: `${field || 'the value'} does not have any of the accepted forms`,
        hint: 'see the language reference for the accepted forms of this field',
      }];
    default:
      return [{ ...common, code: 'schema', path, position: at(path), message: `${field || 'the document'}: ${issue.message}` }];
  }
}

function valueAt(data: unknown, path: DataPath): unknown {
  let v = data;
  for (const p of path) v = v !== null && typeof v === 'object' && Object.hasOwn(v, p) ? (v as Record<string | number, unknown>)[p] : undefined;
  return v;
}

export function renderPath(path: DataPath): string {
  return path.map((p, i) => (typeof p === 'number' ? `[${p}]` : i === 0 ? p : `.${p}`)).join('');
}

const article = (type: string): string =>
  type === 'array' ? 'a list' : type === 'object' ? 'a mapping' : type === 'int' ? 'a whole number' : /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`;
