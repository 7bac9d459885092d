// Text edits the compose controls make: set the `extends` list, append a contract. They go through the `yaml`
// Document API, so the user's comments and layout elsewhere survive. A document that does not parse is not touched.
import { isMap, isSeq, parseDocument, type Document } from 'yaml';

export type EditResult = { readonly ok: true; readonly text: string } | { readonly ok: false; readonly reason: string };

function open(text: string): { doc: Document } | { reason: string } {
  const doc = parseDocument(text.trim() === '' ? 'version: 1\n' : text);
  if (doc.errors.length > 0) {
    const e = doc.errors[0]!;
    return { reason: `line ${e.linePos?.[0]?.line ?? '?'}: ${e.message.split('\n')[0]} — fix the YAML first` };
  }
  if (!isMap(doc.contents))
    return { reason: 'the file is not a mapping (expected "version: 1" at the top) — fix it first' };
  return { doc };
}

/** The ids listed under `extends`, as written. */
export function readExtends(text: string): string[] {
  const doc = parseDocument(text);
  const node = isMap(doc.contents) ? doc.get('extends') : undefined;
  return isSeq(node) ? node.items.map((i) => String((i as { value?: unknown }).value ?? i)) : [];
}

/** The `extends` entries of a file's parsed data; undefined when the data is not a mapping (the text did not parse). */
export function extendsOf(data: unknown): string[] | undefined {
  if (data === null || typeof data !== 'object' || Array.isArray(data)) return undefined;
  const ext = (data as { extends?: unknown }).extends;
  return Array.isArray(ext) ? ext.map(String) : [];
}

/**
 * Makes the bundled presets listed under `extends` exactly `presetIds` (in that order), keeping file entries
 * (./team.yaml) where they are. `extends` goes right after `version` when it is new.
 */
export function setExtends(text: string, presetIds: readonly string[], allPresets: readonly string[]): EditResult {
  const opened = open(text);
  if ('reason' in opened) return { ok: false, reason: opened.reason };
  const { doc } = opened;
  const current = readExtends(text);
  const files = current.filter((e) => !allPresets.includes(e));
  const next = [...presetIds, ...files];
  const map = doc.contents as unknown as { items: unknown[] };
  if (next.length === 0) {
    doc.delete('extends');
  } else if (doc.has('extends')) {
    doc.set('extends', doc.createNode(next, { flow: true }));
  } else {
    const pair = doc.createPair('extends', doc.createNode(next, { flow: true }));
    const at = (map.items as { key?: { value?: unknown } }[]).findIndex((p) => p.key?.value === 'version');
    map.items.splice(at + 1, 0, pair);
  }
  return { ok: true, text: doc.toString({ lineWidth: 0, flowCollectionPadding: false }) };
}

/** Appends a contract under `contracts`, renaming its id (-2, -3…) if the file already defines that id. */
export function addContract(text: string, contract: Readonly<Record<string, unknown>>): EditResult & { id?: string } {
  const opened = open(text);
  if ('reason' in opened) return { ok: false, reason: opened.reason };
  const { doc } = opened;
  const existing = doc.get('contracts');
  const ids = new Set(isSeq(existing) ? existing.items.map((c) => (isMap(c) ? String(c.get('id')) : '')) : []);
  let id = String(contract.id ?? 'new-contract');
  for (let n = 2; ids.has(id); n++) id = `${String(contract.id)}-${n}`;
  const node = doc.createNode({ ...contract, id });
  if (isSeq(existing)) {
    existing.flow = false;
    existing.items.push(node);
  } else {
    doc.set('contracts', doc.createNode([{ ...contract, id }]));
  }
  return { ok: true, text: doc.toString({ lineWidth: 0, flowCollectionPadding: false }), id };
}

/** opencode's default agent: the one a session without a chosen agent runs. */
export const DEFAULT_AGENT = 'build';

/**
 * Gives each extended role its own agent under `roles.agents`: opencode's default agent (`build`) the first role, and
 * an agent named after each further role the rest (to be renamed to the team's own agents). Without it, a session
 * holds every extended role at once, and a rule of one role speaks to the work of another. Keeps mappings the file
 * has; returns the agents added.
 */
export function mapAgentsToRoles(
  text: string,
  roles: readonly string[],
): EditResult & { added?: readonly [agent: string, role: string][] } {
  const opened = open(text);
  if ('reason' in opened) return { ok: false, reason: opened.reason };
  const { doc } = opened;
  const agents = doc.getIn(['roles', 'agents']);
  const existing = isMap(agents) ? (agents.toJSON() as Record<string, unknown>) : {};
  const mapped = new Set(Object.values(existing).map(String));
  const added: [string, string][] = [];
  for (const [i, role] of roles.entries()) {
    if (mapped.has(role)) continue;
    const agent = i === 0 && !(DEFAULT_AGENT in existing) ? DEFAULT_AGENT : role;
    if (agent in existing) continue;
    added.push([agent, role]);
  }
  if (added.length === 0) return { ok: false, reason: 'every role already has an agent under roles.agents' };
  const roleMap = doc.get('roles');
  if (roleMap !== undefined && !isMap(roleMap)) return { ok: false, reason: 'roles is not a mapping — fix it first' };
  for (const [agent, role] of added) doc.setIn(['roles', 'agents', agent], role);
  return { ok: true, text: doc.toString({ lineWidth: 0, flowCollectionPadding: false }), added };
}
