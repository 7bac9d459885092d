// Filters the anchors list by text, role, category and use in a preset. The filter state lives in the query string
// (?q=&role=&category=) so a filtered view can be linked; the #fragment stays free for anchor ids.
export function wireAnchorFilter(): void {
  const form = document.querySelector<HTMLFormElement>('form.filters');
  const count = document.getElementById('anchor-count');
  const items = [...document.querySelectorAll<HTMLLIElement>('li.anchor')];
  if (!form || !count) return;
  const field = (name: string) => form.elements.namedItem(name) as HTMLInputElement | HTMLSelectElement;
  const params = new URLSearchParams(window.location.search);
  for (const name of ['q', 'role', 'category']) field(name).value = params.get(name) ?? '';
  (field('used') as HTMLInputElement).checked = params.get('used') === '1';

  const apply = () => {
    const q = field('q').value.trim().toLowerCase();
    const role = field('role').value;
    const category = field('category').value;
    const used = (field('used') as HTMLInputElement).checked;
    let shown = 0;
    for (const li of items) {
      const ok =
        (!q || (li.dataset.text ?? '').includes(q)) &&
        (!role || (li.dataset.roles ?? '').split(' ').includes(role)) &&
        (!category || (li.dataset.categories ?? '').split(' ').includes(category)) &&
        (!used || li.dataset.used === 'yes');
      li.hidden = !ok;
      if (ok) shown++;
    }
    count.textContent = `${shown} of ${items.length} anchors`;
    const next = new URLSearchParams();
    if (q) next.set('q', q);
    if (role) next.set('role', role);
    if (category) next.set('category', category);
    if (used) next.set('used', '1');
    const search = next.toString();
    history.replaceState(null, '', `${window.location.pathname}${search ? `?${search}` : ''}${window.location.hash}`);
  };
  form.addEventListener('input', apply);
  form.addEventListener('submit', (e) => e.preventDefault());
  apply();
}
