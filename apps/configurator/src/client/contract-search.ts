// Filters the contract search page: every word of the query must occur in a contract's words (a hyphen counts as a
// space, so "force push" finds "force-push"); the query lives in ?q= (and ?mode=) so a search can be linked.
export function wireContractSearch(): void {
  const form = document.querySelector<HTMLFormElement>('form.filters');
  const count = document.getElementById('contract-count');
  const empty = document.getElementById('contract-empty');
  const items = [...document.querySelectorAll<HTMLLIElement>('li.result')];
  if (!form || !count || !empty) return;
  const query = form.elements.namedItem('q') as HTMLInputElement;
  const mode = form.elements.namedItem('mode') as HTMLSelectElement;
  const params = new URLSearchParams(window.location.search);
  query.value = params.get('q') ?? '';
  mode.value = params.get('mode') ?? '';

  const apply = () => {
    const terms = query.value.toLowerCase().split(/[\s-]+/).filter(Boolean);
    const presets = new Set<string>();
    let shown = 0;
    for (const li of items) {
      const text = li.dataset.text ?? '';
      const ok = terms.every((t) => text.includes(t)) && (!mode.value || li.dataset.mode === mode.value);
      li.hidden = !ok;
      if (ok) { shown++; presets.add(li.dataset.preset ?? ''); }
    }
    count.textContent = terms.length || mode.value
      ? `${shown} of ${items.length} contracts, in ${presets.size} preset${presets.size === 1 ? '' : 's'}`
      : `${items.length} contracts`;
    empty.hidden = shown > 0;
    const next = new URLSearchParams();
    if (query.value.trim()) next.set('q', query.value.trim());
    if (mode.value) next.set('mode', mode.value);
    const search = next.toString();
    history.replaceState(null, '', `${window.location.pathname}${search ? `?${search}` : ''}`);
  };
  form.addEventListener('input', apply);
  form.addEventListener('submit', (e) => e.preventDefault());
  apply();
}
