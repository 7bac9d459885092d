// Credentials in XML: an element named for a secret (`<password>…</password>`, `<db.password>…</db.password>`) and a
// key/value pair of attributes (`<add key="ApiKey" value="…"/>`, `<property name="db.password" value="…"/>`,
// `<entry key="api.token">…</entry>`). Values are judged like any assignment: `${env.X}`, `${X}`, `{{ x }}` stay silent.
import { judge, type AssignmentContext } from './assignments.js';
import { classifyKey } from './key-names.js';
import { MAX_FINDINGS } from './limits.js';
import type { RawFinding } from './types.js';
import { readElementContent, readValue, type ReadValue } from './value-read.js';

const MAX_NAME = 64;

// Literal anchors only (linear time): the attribute that names the setting.
const NAME_ATTRIBUTE = /\b(?:key|name)=["']/gi;

/** `key="ApiKey" value="…"` and `key="api.token">…<`: the value of a setting whose name is an attribute. */
export function scanXmlKeyValues(text: string, ctx: AssignmentContext): RawFinding[] {
  if (!text.includes('<')) return [];
  const found: RawFinding[] = [];
  NAME_ATTRIBUTE.lastIndex = 0;
  for (let m = NAME_ATTRIBUTE.exec(text); m !== null; m = NAME_ATTRIBUTE.exec(text)) {
    const quote = text[m.index + m[0].length - 1] as string;
    const nameStart = m.index + m[0].length;
    let nameEnd = nameStart;
    while (
      nameEnd < text.length &&
      nameEnd - nameStart <= MAX_NAME &&
      text[nameEnd] !== quote &&
      text[nameEnd] !== '\n'
    )
      nameEnd++;
    if (text[nameEnd] !== quote) continue;
    NAME_ATTRIBUTE.lastIndex = nameEnd + 1;
    const kind = classifyKey(text.slice(nameStart, nameEnd));
    if (kind === undefined) continue;
    let p = nameEnd + 1;
    while (p < text.length && p - nameEnd < 16 && (text[p] === ' ' || text[p] === '\t')) p++;
    let read: ReadValue | undefined;
    if (text[p] === '>') read = readElementContent(text, p + 1, undefined);
    else if (/^value\s?=\s?/i.test(text.slice(p, p + 9))) {
      const at = p + (/^value\s?=\s?/i.exec(text.slice(p, p + 9)) as RegExpExecArray)[0].length;
      if (text[at] === '"' || text[at] === "'") read = readValue(text, at);
    }
    if (read === undefined || read.unterminated === true) continue;
    NAME_ATTRIBUTE.lastIndex = Math.max(NAME_ATTRIBUTE.lastIndex, read.end);
    const hit = judge(text, kind, read, false, ctx.fixture, text.slice(nameStart, nameEnd));
    if (hit !== undefined && found.push(hit) >= MAX_FINDINGS) break;
  }
  return found;
}
