// Hover help, editor-agnostic: on an id, what it names (an anchor's title, definition and catalogue link, a preset's
// purpose, a tool's job, a role, an inherited contract); on an enum value, what the choice means; on a key, its
// description from the engine's JSON Schema, and on an example event's argument, which tool's argument it is. Returns the span hovered and a Doc; monaco/providers.ts shows it.
import { describeAt, valuesAt, type PathSegment } from './schema-help.ts';
import type { LineSpan, Pos, TextLines } from './text-lines.ts';
import { argumentsOf, toolDoc, valueDoc, type Doc, type HelpContext } from './value-help.ts';
import { besideOwner, keyAt, valueAt } from './yaml-path.ts';

export interface HoverHelp {
  readonly span: LineSpan;
  readonly doc: Doc;
}

/** `contracts[].mode` for ['contracts', '[]', 'mode']. */
export const pathText = (path: readonly PathSegment[]): string => path.join('.').replace(/\.\[\]/g, '[]');

/** An enum's (or a boolean's) value: the key's description, and the other choices. */
function enumDoc(token: string, path: readonly PathSegment[]): Doc | undefined {
  const values = valuesAt(path);
  if (!values.includes(token)) return undefined;
  const description = describeAt(path) ?? '';
  const others = values.filter((v) => v !== token);
  return {
    title: token,
    id: `${pathText(path)} value`,
    text: `${description}${others.length ? ` Other choices: ${others.join(', ')}.` : ''}`.trim(),
  };
}

export function hoverAt(lines: TextLines, pos: Pos, context: HelpContext): HoverHelp | undefined {
  // Values first: an id says more than the key it is under.
  const value = valueAt(lines, pos);
  if (value) {
    const doc = valueDoc(value.text, value.path, context) ?? enumDoc(value.text, value.path);
    if (doc) return { span: { line: pos.line, start: value.from, end: value.to }, doc };
  }
  const key = keyAt(lines, pos);
  if (!key) return undefined;
  const span = { line: pos.line, start: key.from, end: key.to };
  // An argument of an example event's tool call: the schema says nothing of it (args is any mapping); the tool does.
  if (key.path[key.path.length - 2] === 'args') {
    const tool = besideOwner(lines, { line: pos.line, ch: key.from }, 'tool');
    const name = key.path[key.path.length - 1]!;
    if (tool && argumentsOf(tool).includes(name))
      return {
        span,
        doc: {
          title: name,
          id: `argument of ${tool}`,
          text: `The ${name} argument of the call, as opencode passes it to ${
            toolDoc(tool)
              ?.text.replace(/^opencode's built-in tool that /, 'the tool that ')
              .replace(/\.$/, '') ?? tool
          }.`,
        },
      };
  }
  const text = describeAt(key.path);
  if (!text) return undefined;
  return { span, doc: { id: pathText(key.path), text } };
}
