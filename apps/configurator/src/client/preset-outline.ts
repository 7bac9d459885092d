// A role page's "The preset's YAML": the outline (the preset without its examples) is fetched from the site when the
// reader opens it, not sent with every page view; the page's link to the file works without this script too.
import { fillOnFirstOpen } from './details-on-open.ts';

export function wireOutline(root: ParentNode = document): void {
  root.querySelectorAll<HTMLDetailsElement>('details[data-outline]').forEach((details) => {
    const code = details.querySelector('pre code');
    if (!code) return;
    fillOnFirstOpen(
      details,
      code,
      () =>
        fetch(details.dataset.outline ?? '').then((r) => {
          if (!r.ok) throw new Error(`HTTP ${r.status}`);
          return r.text();
        }),
      {
        log: 'role page: could not load the preset outline',
        say: (reason) => `Could not load it (${reason}); use the link above.`,
      },
    );
  });
}
