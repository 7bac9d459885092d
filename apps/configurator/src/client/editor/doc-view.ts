// A Doc (value-help.ts) as DOM, for the plain form's help beside the cursor (never HTML strings: titles and
// definitions are data).
import { el } from './dom.ts';
import type { Doc } from './value-help.ts';

export function docNode(doc: Doc): HTMLElement {
  return el(
    'div',
    { className: 'help-doc' },
    el('p', {}, ...(doc.title ? [el('strong', {}, doc.title), ' '] : []), '(', el('code', {}, doc.id), ')'),
    ...(doc.text ? [el('p', {}, doc.text)] : []),
    ...(doc.link
      ? [el('p', {}, el('a', { href: doc.link.href, target: '_blank', rel: 'noopener' }, doc.link.label))]
      : []),
  );
}
