// The Install page's commands: puts this site's address into commands a build without SITE_URL could not know, and
// makes every `<button data-copy="k">` copy the text of `<code data-copy-source="k">`. Runs in the browser only.
import { SITE_ORIGIN_PLACEHOLDER } from '../lib/site-origin.ts';

const sources = (root: ParentNode) => root.querySelectorAll<HTMLElement>('[data-copy-source]');

export function fillSiteBase(root: ParentNode = document): void {
  for (const code of sources(root)) {
    if (code.textContent?.includes(SITE_ORIGIN_PLACEHOLDER))
      code.textContent = code.textContent.replaceAll(SITE_ORIGIN_PLACEHOLDER, window.location.origin);
  }
}

export function wireCopyButtons(root: ParentNode = document): void {
  const status = document.getElementById('copy-status');
  const say = (text: string) => {
    if (status) status.textContent = text;
  };
  root.querySelectorAll<HTMLButtonElement>('button[data-copy]').forEach((button) => {
    const source = [...sources(root)].find((s) => s.dataset.copySource === button.dataset.copy);
    if (!source) return;
    button.addEventListener('click', async () => {
      try {
        await navigator.clipboard.writeText(source.textContent ?? '');
        button.textContent = 'Copied';
        setTimeout(() => {
          button.textContent = 'Copy';
        }, 2_000);
        say('Copied to the clipboard.');
      } catch (error) {
        // Clipboard access can be refused (permissions, an insecure origin): say so and leave the text selectable.
        say(
          `The browser refused the clipboard (${error instanceof Error ? error.message : String(error)}); select the text and copy it instead.`,
        );
      }
    });
  });
}
