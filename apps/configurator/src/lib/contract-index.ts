// Every contract of every bundled preset in one list, with the words a search looks at; and, per anchor id, the
// contracts that cite it. Build-time only: the search, compare and anchors pages render from it.
import { presets, type ContractView, type PresetView } from './presets.ts';

export interface IndexedContract {
  readonly preset: PresetView;
  readonly contract: ContractView;
  /** Lower-case words of the id, description, message, triggers, exceptions and anchors: what the search matches. */
  readonly text: string;
}

const words = (c: ContractView): string =>
  [
    c.id,
    c.id.replace(/-/g, ' '),
    c.mode,
    c.description,
    c.message,
    ...c.when,
    ...c.unless,
    c.triggerWords,
    ...c.anchors.flatMap((a) => [a.id, a.title]),
  ]
    .join(' ')
    .replace(/`/g, '')
    .toLowerCase();

export const allContracts: readonly IndexedContract[] = presets.flatMap((preset) =>
  preset.contracts.map((contract) => ({
    preset,
    contract,
    text: `${words(contract)} ${preset.id} ${preset.title.toLowerCase()}`,
  })),
);

/** Which contracts (of which preset) cite each anchor id. */
export const contractsByAnchor: ReadonlyMap<string, readonly IndexedContract[]> = (() => {
  const map = new Map<string, IndexedContract[]>();
  for (const entry of allContracts)
    for (const a of entry.contract.anchors) map.set(a.id, [...(map.get(a.id) ?? []), entry]);
  return map;
})();
