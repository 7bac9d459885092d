// The simulator's replay part: `opencode export` files picked or dropped, replayed in the page against the editor's
// file (replay/, loaded with a dynamic import only when the part is opened or given files, so the editor page's first
// load does not carry the export reader). The files stay in this page, as File objects; nothing is uploaded.
import type { LoadResult } from '@semantic-anchors/engine';

type ShowReplay = typeof import('./replay/show-replay.ts').showReplay;

/** Exports up to this size are replayed again by themselves when the file or the starting role changes. */
const AUTO_REPLAY_BYTES = 8 * 1024 * 1024;

export interface ReplayPart {
  /** The file or the role changed: replay the files again (small ones by themselves, else on a click). */
  changed(): void;
}

export function wireReplay(
  part: HTMLDetailsElement,
  /** The simulator's link to the part: opens it. */
  link: HTMLAnchorElement,
  input: HTMLInputElement,
  status: HTMLElement,
  result: HTMLElement,
  /** The file's configuration and the starting role now; `key` tells whether they changed since a replay. */
  current: () => { config: LoadResult['config']; role: string | undefined; key: string } | undefined,
): ReplayPart {
  let loading: Promise<ShowReplay> | undefined;
  const load = (): Promise<ShowReplay> => {
    loading ??= import('./replay/show-replay.ts').then((m) => m.showReplay);
    return loading;
  };
  let files: File[] = [];
  let run = 0;
  /** What the shown replay was run with. */
  let replayedKey: string | undefined;
  const say = (text: string) => {
    status.textContent = text;
  };

  const replay = async (): Promise<void> => {
    const now = current();
    if (files.length === 0 || !now) return;
    const mine = ++run;
    replayedKey = now.key;
    part.dataset.replaying = 'true';
    say(`Replaying ${files.map((f) => f.name).join(', ')}…`);
    try {
      const show = await load();
      const target = document.createElement('div');
      const calls = await show(target, files, now.config, now.role);
      if (mine !== run) return; // a newer replay started meanwhile: its result is the one to show
      result.replaceChildren(...target.childNodes);
      say(`Replayed ${calls} call${calls === 1 ? '' : 's'} from ${files.map((f) => f.name).join(', ')}.`);
      part.dataset.replayed = String(Number(part.dataset.replayed ?? 0) + 1);
    } catch (error) {
      console.error('replay: the exports could not be replayed', error);
      if (mine === run) say(`Could not replay the files: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      if (mine === run) delete part.dataset.replaying;
    }
  };

  const take = (list: FileList | null | undefined) => {
    const picked = [...(list ?? [])];
    if (picked.length === 0) return;
    files = picked;
    part.open = true;
    void replay();
  };
  link.addEventListener('click', () => {
    part.open = true;
  });
  // Opening the part starts loading the replay code, so it is there by the time a file is chosen.
  part.addEventListener('toggle', () => {
    if (part.open)
      void load().catch((error: unknown) => {
        console.error('replay: its code could not be loaded', error);
        say('The replay could not be loaded; reload the page.');
      });
  });
  input.addEventListener('change', () => {
    take(input.files);
    input.value = '';
  });
  const hasFiles = (e: DragEvent) => [...(e.dataTransfer?.types ?? [])].includes('Files');
  part.addEventListener('dragover', (e) => {
    if (!hasFiles(e)) return;
    e.preventDefault();
    part.classList.add('dropping');
  });
  part.addEventListener('dragleave', () => part.classList.remove('dropping'));
  part.addEventListener('drop', (e) => {
    if (!hasFiles(e)) return;
    e.preventDefault();
    part.classList.remove('dropping');
    take(e.dataTransfer?.files);
  });

  return {
    changed() {
      if (files.length === 0 || current()?.key === replayedKey) return;
      if (files.reduce((n, f) => n + f.size, 0) <= AUTO_REPLAY_BYTES) {
        void replay();
        return;
      }
      const again = document.createElement('button');
      again.type = 'button';
      again.className = 'small';
      again.textContent = 'Replay again with the changed file';
      again.addEventListener('click', () => void replay());
      status.replaceChildren('The file changed since these exports were replayed. ', again);
    },
  };
}
