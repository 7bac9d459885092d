// The values that matter and what they mean: the catalogue's anchor ids, the bundled preset ids, opencode's tool
// names, the role ids a file may name, the contract ids `disable` may switch off, and each one's documentation (Doc).
// Which kind a value is comes from the engine's JSON Schema (a value declared as RoleId, AnchorId or a ContractId in
// a list) and, for the two kinds the schema has no name for, from the key (`extends`, a tool's `name` / an event's
// `tool`). Editor-agnostic: plain data in, plain data out.
import { BUILTIN_TOOL_INFO, catalogue, type CatalogueAnchor, type LoadResult } from '@semantic-anchors/engine';
import { presetIndex } from 'virtual:semantic-anchors/presets';
import { anchorDefinition } from '../../lib/anchor-definition.ts';
import { ARG_TEMPLATES } from './event-builder.ts';
import { presetContracts } from './preset-contracts.ts';
import { refsAt, takesString, type PathSegment } from './schema-help.ts';

// The characters of an id, a key, a tool name or a preset path: what a completion replaces and a quick fix rewrites.
const TOKEN = /[A-Za-z0-9_.\-/*!]/;

/** The id-like token around a column (0-based) of a line: its start and end columns. */
export function tokenAt(text: string, column: number): { start: number; end: number } {
  let start = column;
  while (start > 0 && TOKEN.test(text[start - 1]!)) start--;
  let end = column;
  while (end < text.length && TOKEN.test(text[end]!)) end++;
  return { start, end };
}

/** The "did you mean" suggestions in a diagnostic's hint or message. */
export function didYouMean(message: string): string[] {
  const m = /did you mean (.+?)\?/.exec(message);
  return m ? [...m[1]!.matchAll(/"([^"]+)"/g)].map((x) => x[1]!) : [];
}

/** What a completion's documentation and a hover show: a title line, a paragraph, and optionally a link. */
export interface Doc {
  /** Bold first words ("Conventional Commits"); absent for a key, whose `id` (its path) is the title. */
  readonly title?: string;
  /** Shown in code beside the title: the id, or what kind of thing it is. */
  readonly id: string;
  readonly text: string;
  readonly link?: { readonly href: string; readonly label: string };
}

let purposes: ReadonlyMap<string, { title: string; purpose: string }> | undefined;
/**
 * Each bundled preset's title and purpose, from the index built when the site was (scripts/browser-presets.mjs):
 * completing and hovering a preset id loads no preset's data.
 */
function presetPurposes(): ReadonlyMap<string, { title: string; purpose: string }> {
  purposes ??= new Map(presetIndex.map((p) => [p.id, { title: p.title, purpose: p.purpose }]));
  return purposes;
}

export const anchorsById: ReadonlyMap<string, CatalogueAnchor> = new Map(catalogue.anchors.map((a) => [a.id, a]));
export const anchorDoc = (a: CatalogueAnchor): Doc => ({
  title: a.title,
  id: a.id,
  text: anchorDefinition(a),
  link: { href: a.url, label: `Definition in the ${catalogue.meta.name} catalogue` },
});
export const isPreset = (id: string): boolean => presetPurposes().has(id);
export const presetDoc = (id: string): Doc => {
  const p = presetPurposes().get(id);
  return { title: p?.title ?? id, id: `preset ${id}`, text: p?.purpose ?? '' };
};
export const toolDoc = (name: string): Doc | undefined => {
  const what = BUILTIN_TOOL_INFO[name];
  return what ? { title: name, id: 'opencode tool', text: `opencode's built-in tool that ${what}.` } : undefined;
};
const catalogueRoles = new Map(catalogue.roles.map((r) => [r.id, r]));
export const roleDoc = (id: string): Doc => {
  const role = catalogueRoles.get(id);
  const preset = presetPurposes().get(id);
  const text = [
    role ? `A role of the ${catalogue.meta.name} catalogue.` : 'A role declared under roles.custom.',
    preset ? `Its preset: ${preset.purpose}` : '',
  ]
    .filter(Boolean)
    .join(' ');
  return { title: role?.name ?? id, id: `role ${id}`, text };
};

/** What the page knows beyond the schema from the last check: the roles the file may name, the contracts it may disable. */
export interface HelpContext {
  readonly roles: readonly string[];
  readonly contracts: readonly { readonly id: string; readonly text: string; readonly from: string }[];
}

export const EMPTY_HELP: HelpContext = { roles: catalogue.roles.map((r) => r.id), contracts: [] };

/** The help context of a checked file: every known role (catalogue, presets, roles.custom), every inherited contract. */
export function helpContextOf(load: LoadResult): HelpContext {
  const roles = [...new Set([...catalogue.roles.map((r) => r.id), ...load.config.roles.known, ...load.config.presets])];
  const contracts = load.config.presets.flatMap((preset) =>
    presetContracts(preset).map((c) => ({
      id: String(c.id),
      text: typeof c.description === 'string' ? c.description : '',
      from: `preset ${preset}`,
    })),
  );
  return { roles, contracts };
}

export type ValueKind = 'anchor' | 'preset' | 'tool' | 'role' | 'contract';

/** Which kind of id the value at `path` names, if the value help knows it. */
export function valueKindAt(path: readonly PathSegment[]): ValueKind | undefined {
  const refs = refsAt(path);
  if (refs.includes('AnchorId')) return 'anchor';
  // roles.custom declares new ids; every other RoleId names one that exists.
  if (refs.includes('RoleId') && !(path[0] === 'roles' && path[1] === 'custom')) return 'role';
  // A contract id in a list (disable) names an existing contract; a contract's own `id` names a new one.
  if (refs.includes('ContractId') && path[path.length - 1] === '[]') return 'contract';
  const named = path.filter((s) => s !== '[]');
  const last = named[named.length - 1];
  if (path[0] === 'extends' && named.length === 1) return 'preset';
  if ((last === 'name' && named[named.length - 2] === 'tool') || (last === 'tool' && takesString(path))) return 'tool';
  return undefined;
}

export interface Suggestion {
  readonly label: string;
  readonly detail: string;
  readonly kind: ValueKind | 'argument';
  readonly doc: () => Doc;
}

/** The values of a kind, with a one-line detail and their documentation. */
export function suggestionsFor(kind: ValueKind, context: HelpContext): Suggestion[] {
  switch (kind) {
    case 'anchor':
      return catalogue.anchors.map((a) => ({ label: a.id, detail: a.title, kind, doc: () => anchorDoc(a) }));
    case 'preset':
      return presetIndex.map((p) => ({
        label: p.id,
        detail: presetPurposes().get(p.id)?.title ?? p.id,
        kind,
        doc: () => presetDoc(p.id),
      }));
    case 'tool':
      return Object.entries(BUILTIN_TOOL_INFO).map(([name, what]) => ({
        label: name,
        detail: `opencode tool: ${what}`,
        kind,
        doc: () => toolDoc(name)!,
      }));
    case 'role':
      return context.roles.map((id) => ({
        label: id,
        detail: catalogueRoles.get(id)?.name ?? 'custom role',
        kind,
        doc: () => roleDoc(id),
      }));
    case 'contract':
      return context.contracts.map((c) => ({
        label: c.id,
        detail: `contract of ${c.from}`,
        kind,
        doc: () => ({ title: c.id, id: c.from, text: c.text }),
      }));
  }
}

/** The documentation of a value token at `path`, when the value help gives it a meaning. */
export function valueDoc(token: string, path: readonly PathSegment[], context: HelpContext): Doc | undefined {
  switch (valueKindAt(path)) {
    case 'anchor': {
      const anchor = anchorsById.get(token);
      return anchor ? anchorDoc(anchor) : undefined;
    }
    case 'preset':
      return isPreset(token) ? presetDoc(token) : undefined;
    case 'tool':
      return toolDoc(token);
    case 'role':
      return context.roles.includes(token) ? roleDoc(token) : undefined;
    case 'contract': {
      const c = context.contracts.find((x) => x.id === token);
      return c ? { title: c.id, id: c.from, text: c.text } : undefined;
    }
    default:
      return undefined;
  }
}

let argumentKeys: ReadonlyMap<string, readonly string[]> | undefined;
/**
 * The argument names of an opencode tool, from the event builder's argument templates (event-builder.ts), the one
 * place the site writes a call of each tool: what an example's `args` takes.
 */
export function argumentsOf(tool: string): readonly string[] {
  argumentKeys ??= new Map(
    Object.entries(ARG_TEMPLATES).map(([name, json]) => [name, Object.keys(JSON.parse(json) as object)]),
  );
  return argumentKeys.get(tool) ?? [];
}
