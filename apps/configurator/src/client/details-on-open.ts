// A role page's <details> whose body the site sends only when the reader opens it (the preset's YAML outline, a
// contract's long trigger lists): filled the first time it opens; a failed load says so in the body and is tried
// again at the next opening.
export function fillOnFirstOpen(
  details: HTMLDetailsElement,
  body: Element,
  load: () => Promise<string | readonly Node[]>,
  failure: { readonly log: string; readonly say: (reason: string) => string },
): void {
  let loaded = false;
  details.addEventListener('toggle', () => {
    if (!details.open || loaded) return;
    loaded = true;
    body.textContent = 'Loading…';
    load()
      .then((filled) => {
        if (typeof filled === 'string') body.textContent = filled;
        else body.replaceChildren(...filled);
      })
      .catch((error: unknown) => {
        loaded = false;
        console.warn(failure.log, error);
        body.textContent = failure.say(error instanceof Error ? error.message : String(error));
      });
  });
}
