// Build-time view of the bundled role presets: each preset's YAML, its contracts as the engine loads them, the
// anchors they cite and the catalogue role they are written for. Pages render from this, so they fill in as presets land.
import {
  bundledPresets,
  catalogue,
  findAnchor,
  findRole,
  loadConfig,
  type CatalogueAnchor,
  type Contract,
} from '@semantic-anchors/engine';
import { isMap, isSeq, parseDocument } from 'yaml';
import { describeUnless, describeWhen } from './describe.ts';

export interface ContractView {
  readonly id: string;
  readonly mode: Contract['mode'];
  readonly description: string;
  readonly message: string;
  readonly bypassable: boolean;
  readonly anchors: readonly CatalogueAnchor[];
  readonly when: readonly string[];
  readonly unless: readonly string[];
  /** Its triggers and exceptions are too long to send with every view of the role page: the page fetches them from
   * roles/<preset>/triggers.json when the reader opens them. */
  readonly triggersDeferred: boolean;
  /** Every word of its triggers and exceptions as written (the lists `when`/`unless` cut short included): searched. */
  readonly triggerWords: string;
  readonly examples: number;
}

export interface PresetView {
  readonly id: string;
  readonly title: string;
  readonly purpose: string;
  readonly roleName: string;
  readonly file: string;
  readonly text: string;
  /** The YAML without the contracts' examples (comments kept): what a role page shows, so it stays small. */
  readonly outline: string;
  /** How many examples the outline leaves out; the whole file is served at presets/<id>.yaml. */
  readonly exampleCount: number;
  readonly contracts: readonly ContractView[];
  readonly anchors: readonly CatalogueAnchor[];
  /** Bypasses a human may grant per session with this preset alone. */
  readonly bypassBudget: number;
}

function presetInfo(data: unknown): { title?: string; purpose?: string } {
  if (typeof data !== 'object' || data === null || !('preset' in data)) return {};
  const preset = (data as { preset: unknown }).preset;
  if (typeof preset !== 'object' || preset === null) return {};
  const { title, purpose } = preset as Record<string, unknown>;
  return { ...(typeof title === 'string' ? { title } : {}), ...(typeof purpose === 'string' ? { purpose } : {}) };
}

/** The preset's text with every contract's `examples` taken out; the rest, comments included, as written. */
function withoutExamples(text: string): string {
  const doc = parseDocument(text);
  const contracts = doc.get('contracts');
  if (isSeq(contracts)) for (const c of contracts.items) if (isMap(c)) c.delete('examples');
  return doc.toString({ lineWidth: 0 });
}

/** Triggers and exceptions longer than this, in words, are fetched when the reader opens them: a role page has a byte
 * budget of 20 KB, and a few contracts (a list of every credential file, every cloud CLI) would take a fifth of it. */
const TRIGGERS_INLINE_CHARS = 1_500;
const wordsLength = (items: readonly string[]): number => items.reduce((n, i) => n + i.length, 0);

function view(id: string, file: string, text: string): PresetView {
  const loaded = loadConfig(text, { file });
  const info = presetInfo(loaded.sources.get(file)?.data);
  const contracts = loaded.config.contracts
    .filter((lc) => lc.origin.file === file)
    .map(({ contract: c }): ContractView => {
      const when = describeWhen(c);
      const unless = describeUnless(c);
      return {
        id: c.id,
        mode: c.mode,
        description: c.description,
        message: c.message,
        bypassable: c.bypassable,
        // INVARIANT: only catalogue ids become links; the validator reports unknown ones, the page just leaves them out.
        anchors: c.anchorRefs.map(findAnchor).filter((a): a is CatalogueAnchor => a !== undefined),
        when,
        unless,
        triggersDeferred: wordsLength(when) + wordsLength(unless) > TRIGGERS_INLINE_CHARS,
        triggerWords: JSON.stringify([c.when, c.unless ?? null]),
        examples: c.examples.length,
      };
    });
  const anchors = [...new Map(contracts.flatMap((c) => c.anchors).map((a) => [a.id, a])).values()];
  const roleName = findRole(id)?.name ?? id;
  return {
    id,
    file,
    text,
    outline: withoutExamples(text),
    exampleCount: contracts.reduce((n, c) => n + c.examples, 0),
    contracts,
    anchors,
    roleName,
    title: info.title ?? roleName,
    purpose: info.purpose ?? '',
    bypassBudget: loaded.config.settings.bypassBudget,
  };
}

export const presets: readonly PresetView[] = bundledPresets.map((p) => view(p.id, p.file, p.text));
export const findPresetView = (id: string): PresetView | undefined => presets.find((p) => p.id === id);

/** The twelve roles the presets are written for: the catalogue's original twelve, in catalogue order. */
export const twelveRoles = catalogue.roles.filter((r) => r.original12);

/** Which presets cite each anchor id. */
export const presetsByAnchor: ReadonlyMap<string, readonly string[]> = (() => {
  const map = new Map<string, string[]>();
  for (const p of presets) for (const a of p.anchors) map.set(a.id, [...(map.get(a.id) ?? []), p.id]);
  return map;
})();
