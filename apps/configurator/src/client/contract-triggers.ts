// A role page's contract with long trigger lists: its triggers and exceptions, in words, are fetched from
// roles/<preset>/triggers.json when the reader opens them (one request per page, shared by its contracts), so the page
// itself stays within its byte budget. The words mark code with backticks, as the page's own lists do.
import { fillOnFirstOpen } from './details-on-open.ts';

type Lists = Record<string, { when: string[]; unless: string[] }>;

const loads = new Map<string, Promise<Lists>>();
const fetchLists = (url: string): Promise<Lists> => {
  let load = loads.get(url);
  if (!load) {
    load = fetch(url).then((r) => {
      if (!r.ok) throw new Error(`HTTP ${r.status}`);
      return r.json() as Promise<Lists>;
    });
    // A failed load is tried again at the next opening, not remembered.
    load.catch(() => loads.delete(url));
    loads.set(url, load);
  }
  return load;
};

function words(text: string): Node[] {
  return text.split('`').map((part, i) => {
    if (i % 2 === 0) return document.createTextNode(part);
    const code = document.createElement('code');
    code.textContent = part;
    return code;
  });
}

function list(title: string, items: readonly string[]): Node[] {
  const heading = document.createElement('p');
  heading.className = 'triggers-title';
  heading.textContent = title;
  const ul = document.createElement('ul');
  for (const item of items) {
    const li = document.createElement('li');
    li.append(...words(item));
    ul.append(li);
  }
  return [heading, ul];
}

export function wireContractTriggers(root: ParentNode = document): void {
  root.querySelectorAll<HTMLDetailsElement>('details[data-triggers]').forEach((details) => {
    const body = details.querySelector('.triggers-body');
    if (!body) return;
    fillOnFirstOpen(
      details,
      body,
      () =>
        fetchLists(details.dataset.triggers ?? '').then((lists) => {
          const own = lists[details.dataset.contract ?? ''];
          if (!own) throw new Error('not in the list');
          return [...list('Applies to', own.when), ...(own.unless.length > 0 ? list('Except', own.unless) : [])];
        }),
      {
        log: 'role page: could not load the triggers of a contract',
        say: (reason) => `Could not load them (${reason}); the preset's YAML below has them.`,
      },
    );
  });
}
