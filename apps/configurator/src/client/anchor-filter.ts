// Filters the anchors list by text (names, ids, proponents, definitions), role, category and use in a preset. The
// filter state lives in the query string (?q=&role=&category=) so a filtered view can be linked; the #fragment stays
// free for anchor ids. A linked card is never hidden by a filter: following a link to #id clears the filters.
export function wireAnchorFilter(): void {
  const form = document.querySelector<HTMLFormElement>('form.filters');
  const count = document.getElementById('anchor-count');
  const empty = document.getElementById('anchor-empty');
  const items = [...document.querySelectorAll<HTMLLIElement>('li.anchor')];
  if (!form || !count || !empty) return;
  const field = (name: string) => form.elements.namedItem(name) as HTMLInputElement | HTMLSelectElement;
  const params = new URLSearchParams(window.location.search);
  for (const name of ['q', 'role', 'category']) field(name).value = params.get(name) ?? '';
  (field('used') as HTMLInputElement).checked = params.get('used') === '1';

  const apply = () => {
    const terms = field('q').value.trim().toLowerCase().split(/\s+/).filter(Boolean);
    const role = field('role').value;
    const category = field('category').value;
    const used = (field('used') as HTMLInputElement).checked;
    let shown = 0;
    for (const li of items) {
      const text = li.dataset.text ?? '';
      const ok =
        terms.every((t) => text.includes(t)) &&
        (!role || (li.dataset.roles ?? '').split(' ').includes(role)) &&
        (!category || (li.dataset.categories ?? '').split(' ').includes(category)) &&
        (!used || li.dataset.used === 'yes');
      li.hidden = !ok;
      if (ok) shown++;
    }
    count.textContent = `${shown} of ${items.length} anchors`;
    empty.hidden = shown > 0;
    const next = new URLSearchParams();
    if (terms.length) next.set('q', terms.join(' '));
    if (role) next.set('role', role);
    if (category) next.set('category', category);
    if (used) next.set('used', '1');
    const search = next.toString();
    history.replaceState(null, '', `${window.location.pathname}${search ? `?${search}` : ''}${window.location.hash}`);
  };

  const clear = () => {
    form.reset();
    for (const name of ['q', 'role', 'category']) field(name).value = '';
    apply();
  };

  // The card a link points at: shown even when the filters would hide it, then focused so keyboard users land on it.
  const reveal = () => {
    const id = decodeURIComponent(window.location.hash.slice(1));
    const target = id ? items.find((li) => li.id === id) : undefined;
    if (!target) return;
    if (target.hidden) clear();
    target.focus({ preventScroll: true });
    target.scrollIntoView({ block: 'center' });
  };

  form.addEventListener('input', apply);
  form.addEventListener('submit', (e) => e.preventDefault());
  document.getElementById('anchor-clear')?.addEventListener('click', () => {
    clear();
    field('q').focus();
  });
  window.addEventListener('hashchange', reveal);
  apply();
  reveal();
}
