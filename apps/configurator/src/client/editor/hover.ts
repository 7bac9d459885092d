// Hover help: on a key, its description from the engine's JSON Schema; on an anchor id, its title, definition and a
// link to the catalogue; on a preset id, its purpose; on a tool name, what the tool does. One CodeMirror hover source.
import { hoverTooltip, type Tooltip } from '@codemirror/view';
import {
  anchorDoc,
  anchorsById,
  docNode,
  isPreset,
  presetDoc,
  tokenAt,
  toolDoc,
  valueContext,
  type Doc,
} from './completion.ts';
import { el } from './dom.ts';
import { describeAt } from './schema-help.ts';
import { keyAt } from './yaml-path.ts';

/** The help for a value token, if the key it belongs to gives it a meaning. */
function valueDoc(token: string, context: ReturnType<typeof valueContext>): Doc | undefined {
  const anchor = anchorsById.get(token);
  if (anchor && context?.key === 'anchorRefs') return anchorDoc(anchor);
  if (context?.key === 'extends' && isPreset(token)) return presetDoc(token);
  // A contract's `tool: { name: bash }`, and an example event's `tool: bash`.
  if ((context?.key === 'name' && context.parent === 'tool') || context?.key === 'tool') return toolDoc(token);
  return undefined;
}

const tooltip = (pos: number, end: number, dom: HTMLElement): Tooltip => ({
  pos,
  end,
  above: true,
  create: () => ({ dom }),
});

export const contractHover = hoverTooltip((view, pos) => {
  const line = view.state.doc.lineAt(pos);
  const { start, end } = tokenAt(line.text, pos - line.from);
  if (start === end) return null;
  // Values first: lezer reads a half-closed flow sequence's items as keys, but an anchor id is never a key.
  const doc = valueDoc(line.text.slice(start, end), valueContext(view.state, line.from + start));
  if (doc) return tooltip(line.from + start, line.from + end, docNode(doc));
  const key = keyAt(view.state, pos);
  const text = key && describeAt(key.path);
  if (!key || !text) return null;
  const where = key.path.join('.').replace(/\.\[\]/g, '[]');
  return tooltip(
    key.from,
    key.to,
    el('div', { className: 'help-doc' }, el('p', {}, el('code', {}, where)), el('p', {}, text)),
  );
});
