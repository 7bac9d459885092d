// A role page's "The preset's YAML": the outline (the preset without its examples) is fetched from the site when the
// reader opens it, not sent with every page view; the page's link to the file works without this script too.
export function wireOutline(root: ParentNode = document): void {
  root.querySelectorAll<HTMLDetailsElement>('details[data-outline]').forEach((details) => {
    const code = details.querySelector('pre code');
    let loaded = false;
    details.addEventListener('toggle', () => {
      if (!details.open || loaded || !code) return;
      loaded = true;
      code.textContent = 'Loading…';
      fetch(details.dataset.outline ?? '')
        .then((r) => {
          if (!r.ok) throw new Error(`HTTP ${r.status}`);
          return r.text();
        })
        .then((text) => {
          code.textContent = text;
        })
        .catch((error: unknown) => {
          loaded = false;
          console.warn('role page: could not load the preset outline', error);
          code.textContent = `Could not load it (${error instanceof Error ? error.message : String(error)}); use the link above.`;
        });
    });
  });
}
