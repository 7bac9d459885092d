// Turns zod issues into diagnostics whose message names the field and whose hint says how to fix it.
// The value is read back from the document (zod does not keep it): a wrong type says what was found, a missing key
// says "required", and a misspelt key gets the nearest key the schema accepts at that level.
import type { z } from 'zod';
import type { Diagnostic } from '../diagnostics.js';
import { keyHint, keysAt } from './keys.js';
import { locate, type DataPath } from './locate.js';
import type { ParsedFile } from './parse.js';
import { showValue } from './show.js';
import { closest } from '../catalogue.js';

type Issue = z.core.$ZodIssue;

/**
 * `schema` is the schema the issues came from, parsed at `base`: with it, an unknown key gets "did you mean".
 */
export function issuesToDiagnostics(
  issues: readonly Issue[],
  parsed: ParsedFile,
  base: DataPath,
  contractId?: string,
  schema?: z.ZodType,
): Diagnostic[] {
  const all = issues.flatMap((issue) => describe(pickBranch(issue), parsed, base, contractId, schema));
  return all.filter((d) => !isMisspeltRequired(d, all));
}

/** "message is required" next to an unknown key "mesage" says the same thing twice: keep the did-you-mean. */
function isMisspeltRequired(d: Diagnostic, all: readonly Diagnostic[]): boolean {
  if (d.code !== 'schema' || !d.message.endsWith(' is required') || !d.path) return false;
  const parent = d.path.slice(0, -1);
  const wanted = String(d.path[d.path.length - 1]);
  return all.some(
    (u) =>
      u.code === 'unknown-key' &&
      u.path?.length === d.path!.length &&
      parent.every((p, i) => u.path![i] === p) &&
      u.hint?.includes(`"${wanted}"`) === true &&
      u.hint.startsWith('did you mean'),
  );
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

function describe(
  issue: Issue | Issue[],
  parsed: ParsedFile,
  base: DataPath,
  contractId?: string,
  schema?: z.ZodType,
): Diagnostic[] {
  if (Array.isArray(issue)) return issue.flatMap((i) => describe(i, parsed, base, contractId, schema));
  const path = [...base, ...(issue.path as (string | number)[])];
  const field = renderPath(path);
  const at = (p: DataPath, key = false) => locate(parsed, p, key);
  const common = { severity: 'error' as const, file: parsed.file, ...(contractId ? { contractId } : {}) };

  switch (issue.code) {
    case 'unrecognized_keys':
      return issue.keys.map((key) => ({
        ...common,
        code: 'unknown-key' as const,
        path: [...path, key],
        position: at([...path, key], true),
        message: `unknown key ${showValue(key)} in ${field || 'the document'}`,
        hint: schema
          ? keyHint(key, keysAt(schema, issue.path as DataPath))
          : 'check the spelling against the language reference, or remove the key',
      }));
    case 'invalid_type': {
      // zod does not report the input by default: read it back. A key that is absent is missing; one that is
      // present with the wrong kind of value (null included) is a wrong type, and says what it got.
      const present = hasValueAt(parsed.data, path);
      const value = valueAt(parsed.data, path);
      return [
        {
          ...common,
          code: 'schema',
          path,
          position: at(path, !present),
          message: present
            ? `${field} must be ${article(issue.expected)}, got ${showValue(value)}`
            : `${field} is required`,
          hint: present ? `write ${field} as ${article(issue.expected)}` : `add "${String(path[path.length - 1])}"`,
        },
      ];
    }
    case 'invalid_value': {
      const value = valueAt(parsed.data, path);
      const allowed = issue.values.map((v) => JSON.stringify(v)).join(', ');
      if (value === undefined) {
        return [
          {
            ...common,
            code: 'schema',
            path,
            position: at(path, true),
            message: `${field} is required`,
            hint: `add ${field}: ${allowed}`,
          },
        ];
      }
      return [
        {
          ...common,
          code: 'schema',
          path,
          position: at(path),
          message: `${field} is ${showValue(value)}; it must be ${issue.values.length === 1 ? allowed : `one of ${allowed}`}`,
          hint: enumHint(value, issue.values),
        },
      ];
    }
    case 'invalid_format':
      return [
        {
          ...common,
          code: 'schema',
          path,
          position: at(path),
          message: `${field}: ${issue.message}`,
          hint: 'see the language reference for the expected form',
        },
      ];
    case 'too_small':
    case 'too_big': {
      const bound = issue.code === 'too_small' ? 'at least' : 'at most';
      const limit = String(issue.code === 'too_small' ? issue.minimum : issue.maximum);
      const what =
        issue.origin === 'array' ? `${limit} item(s)` : issue.origin === 'string' ? `${limit} character(s)` : limit;
      return [
        {
          ...common,
          code: 'schema',
          path,
          position: at(path),
          message: `${field} must have ${bound} ${what}`,
          hint: `give ${field} ${bound} ${what}`,
        },
      ];
    }
    case 'invalid_union': {
      // No branch fits the value's kind (a string where a mapping or a list of them is expected): name the kinds.
      const kinds = [
        ...new Set(
          issue.errors.flatMap((b) =>
            b
              .filter((i) => i.path.length === 0 && i.code === 'invalid_type')
              .map((i) => article((i as { expected: string }).expected)),
          ),
        ),
      ];
      if (!hasValueAt(parsed.data, path)) {
        return [
          {
            ...common,
            code: 'schema',
            path,
            position: at(path, true),
            message: `${field} is required`,
            hint: `add "${String(path[path.length - 1])}"`,
          },
        ];
      }
      const got = showValue(valueAt(parsed.data, path));
      return [
        {
          ...common,
          code: 'schema',
          path,
          position: at(path),
          message:
            kinds.length > 0
              ? `${field || 'the value'} must be ${kinds.join(' or ')}, got ${got}`
              : `${field || 'the value'} does not have any of the accepted forms, got ${got}`,
          hint: 'see the language reference for the accepted forms of this field',
        },
      ];
    }
    default:
      return [
        {
          ...common,
          code: 'schema',
          path,
          position: at(path),
          message: `${field || 'the document'}: ${issue.message}`,
        },
      ];
  }
}

function hasValueAt(data: unknown, path: DataPath): boolean {
  let v = data;
  for (const p of path) {
    if (v === null || typeof v !== 'object' || !Object.hasOwn(v, p)) return false;
    v = (v as Record<string | number, unknown>)[p];
  }
  return v !== undefined;
}

function valueAt(data: unknown, path: DataPath): unknown {
  let v = data;
  for (const p of path)
    v =
      v !== null && typeof v === 'object' && Object.hasOwn(v, p)
        ? (v as Record<string | number, unknown>)[p]
        : undefined;
  return v;
}

export function renderPath(path: DataPath): string {
  return path.map((p, i) => (typeof p === 'number' ? `[${p}]` : i === 0 ? p : `.${p}`)).join('');
}

const article = (type: string): string =>
  type === 'array'
    ? 'a list'
    : type === 'object' || type === 'record'
      ? 'a mapping'
      : type === 'int'
        ? 'a whole number'
        : type === 'boolean'
          ? 'true or false'
          : /^[aeiou]/.test(type)
            ? `an ${type}`
            : `a ${type}`;

/**
 * For a string close to one of the allowed values ("block", "BLOK" for "BLOCK"), a "did you mean" the editor turns
 * into a quick fix; the same letters in another case come first.
 */
function enumHint(value: unknown, allowed: readonly unknown[]): string {
  const strings = allowed.filter((v): v is string => typeof v === 'string');
  if (typeof value !== 'string' || strings.length === 0) return 'values are case-sensitive';
  const sameLetters = strings.filter((v) => v.toLowerCase() === value.toLowerCase());
  const near = [...new Set([...sameLetters, ...closest(value, strings, 2)])].slice(0, 2);
  if (near.length === 0) return 'values are case-sensitive';
  return `did you mean ${near.map((v) => JSON.stringify(v)).join(', ')}? (values are case-sensitive)`;
}
