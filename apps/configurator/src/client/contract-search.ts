// Filters the contract search page: every word of the query must occur in a contract's words (a hyphen counts as a
// space, so "force push" finds "force-push"); the query lives in ?q= (and ?mode=) so a search can be linked.
// A shell command (?command=) is instead given to every preset as a bash call (command-check.ts, loaded on demand):
// the list then shows the contracts that would act on it, whatever words they are written in.
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
    const terms = query.value
      .toLowerCase()
      .split(/[\s-]+/)
      .filter(Boolean);
    const presets = new Set<string>();
    let shown = 0;
    for (const li of items) {
      const text = li.dataset.text ?? '';
      const ok = terms.every((t) => text.includes(t)) && (!mode.value || li.dataset.mode === mode.value);
      li.hidden = !ok;
      if (ok) {
        shown++;
        presets.add(li.dataset.preset ?? '');
      }
    }
    count.textContent =
      terms.length || mode.value
        ? `${shown} of ${items.length} contracts, in ${presets.size} preset${presets.size === 1 ? '' : 's'}`
        : `${items.length} contracts`;
    empty.hidden = shown > 0;
    const next = new URLSearchParams();
    if (query.value.trim()) next.set('q', query.value.trim());
    if (mode.value) next.set('mode', mode.value);
    const search = next.toString();
    history.replaceState(null, '', `${window.location.pathname}${search ? `?${search}` : ''}`);
  };
  const commandForm = document.getElementById('command-form') as HTMLFormElement | null;
  const command = commandForm?.elements.namedItem('command') as HTMLInputElement | undefined;
  const check = async () => {
    if (!command?.value.trim()) {
      apply();
      return;
    }
    const text = command.value.trim();
    query.value = '';
    count.textContent = `Checking “${text}” against every preset…`;
    const { contractsActingOn } = await import('./command-check.ts');
    const hits = await contractsActingOn(text);
    const acting = new Set(hits.map((h) => `${h.preset}/${h.contract}`));
    let _shown = 0;
    for (const li of items) {
      const ok =
        acting.has(`${li.dataset.preset}/${li.dataset.contract}`) && (!mode.value || li.dataset.mode === mode.value);
      li.hidden = !ok;
      if (ok) _shown++;
    }
    const presets = new Set(hits.map((h) => h.preset)).size;
    const blocks = hits.filter((h) => h.mode === 'BLOCK').length;
    count.textContent =
      hits.length === 0
        ? `“${text}”: no preset's contract acts on it (every preset allows it).`
        : `“${text}”: ${hits.length} contract${hits.length === 1 ? '' : 's'} in ${presets} preset${presets === 1 ? '' : 's'} act on it (${blocks} BLOCK, ${hits.length - blocks} WARN).`;
    empty.hidden = true;
    history.replaceState(null, '', `${window.location.pathname}?${new URLSearchParams({ command: text }).toString()}`);
  };

  form.addEventListener('input', () => {
    if (command) command.value = '';
    apply();
  });
  form.addEventListener('submit', (e) => e.preventDefault());
  commandForm?.addEventListener('submit', (e) => {
    e.preventDefault();
    void check();
  });
  if (command && params.get('command')) {
    command.value = params.get('command') ?? '';
    void check();
  } else apply();
}
