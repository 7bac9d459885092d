// The compare page: shows the panels of the two presets chosen (?a=&b=, kept in the query string so a comparison can
// be linked) and marks the contract ids and anchors both hold.
export function wireCompare(): void {
  const sides = [...document.querySelectorAll<HTMLElement>('.compare-side')];
  const summary = document.getElementById('compare-summary');
  if (sides.length !== 2 || !summary) return;
  const select = (side: HTMLElement) => side.querySelector('select')!;
  const params = new URLSearchParams(window.location.search);
  for (const side of sides) {
    const wanted = params.get(side.dataset.side ?? '');
    if (wanted && [...select(side).options].some((o) => o.value === wanted)) select(side).value = wanted;
  }
  const panel = (side: HTMLElement) =>
    side.querySelector<HTMLElement>(`.compare-panel[data-preset="${select(side).value}"]`)!;
  const ids = (p: HTMLElement, attr: string) =>
    new Set([...p.querySelectorAll<HTMLElement>(`[${attr}]`)].map((e) => e.getAttribute(attr) ?? ''));

  const apply = () => {
    const [a, b] = sides.map(panel) as [HTMLElement, HTMLElement];
    for (const side of sides)
      for (const p of side.querySelectorAll<HTMLElement>('.compare-panel')) p.hidden = p !== a && p !== b;
    const contracts = [ids(a, 'data-contract'), ids(b, 'data-contract')] as const;
    const anchors = [ids(a, 'data-anchor'), ids(b, 'data-anchor')] as const;
    [a, b].forEach((p, i) => {
      const other = i === 0 ? 1 : 0;
      for (const el of p.querySelectorAll<HTMLElement>('[data-contract], [data-anchor]')) {
        const id = el.dataset.contract ?? el.dataset.anchor ?? '';
        const shared = el.dataset.contract !== undefined ? contracts[other].has(id) : anchors[other].has(id);
        el.classList.toggle('shared', shared);
        el.querySelector<HTMLElement>('.shared-mark')!.hidden = !shared;
      }
    });
    const sharedContracts = [...contracts[0]].filter((id) => contracts[1].has(id)).length;
    const sharedAnchors = [...anchors[0]].filter((id) => anchors[1].has(id)).length;
    // INVARIANT: each side holds its own copy of every panel, so "the same preset" is a question of ids, not elements.
    summary.textContent =
      a.dataset.preset === b.dataset.preset
        ? 'The same preset on both sides: pick another one to compare.'
        : `${sharedContracts} contract id(s) and ${sharedAnchors} anchor(s) in both.`;
    const next = new URLSearchParams({ a: select(sides[0]!).value, b: select(sides[1]!).value });
    history.replaceState(null, '', `${window.location.pathname}?${next.toString()}`);
  };
  for (const side of sides) select(side).addEventListener('change', apply);
  apply();
}
