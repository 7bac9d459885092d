// The result check of opencode configuration NEW in a sub-folder of the project (`packages/app/.opencode/`,
// `packages/app/opencode.json[c]`): opencode loads it, plugins and command templates included, when the human starts
// it in that folder. The ones that exist at load are protected facts (rules, a read-only bind in the sandbox, the
// watched set); a new one cannot be bound in advance (bubblewrap binds existing paths only), so after a call that may
// have made one it is found and removed — the whole new `.opencode` folder, or the new file — unless the human's
// bypass named anchor-protect-config-dirs. Takes the project directory; reads folder listings (sub-configs.ts).
import { rmSync } from 'node:fs';
import { SubConfigFinder } from '../core/sub-configs.js';

export const CONFIG_DIRS_CONTRACT = 'anchor-protect-config-dirs';

export interface SubConfigFinding {
  readonly path: string;
  readonly result: 'restored' | 'approved' | 'kept';
  readonly detail: string;
}

export class SubConfigWatch {
  private seen = new Set<string>();
  private readonly finder: SubConfigFinder;
  private last = { folders: 0, bounded: false, ms: 0 };

  constructor(directory: string) {
    this.finder = new SubConfigFinder(directory);
  }

  /** Folders the last search read, whether the bound stopped it, and its time (for /anchor status and the bench). */
  summary(): { folders: number; bounded: boolean; ms: number; places: number } {
    return { ...this.last, places: this.seen.size };
  }

  /** Takes the sub-folders' configuration as it is now as the truth (a load, or the human's own turn). */
  accept(): void {
    this.seen = new Set(this.find());
  }

  /** New configuration places since the last check: removed unless `approve` (the human's bypass) says keep. */
  check(approve: () => boolean): SubConfigFinding[] {
    const now = this.find();
    const added = now.filter((p) => !this.seen.has(p));
    if (added.length === 0) {
      this.seen = new Set(now);
      return [];
    }
    const approved = approve();
    const out = added.map((path): SubConfigFinding => {
      const what = `opencode configuration new in a sub-folder (loaded, plugins and command templates run, when opencode starts there)`;
      if (approved) return { path, result: 'approved', detail: `${what}; kept by the human's bypass` };
      try {
        rmSync(path, { recursive: true, force: true });
        return { path, result: 'restored', detail: `${what}: removed` };
      } catch (error) {
        return { path, result: 'kept', detail: `${what}; could not be removed: ${String(error)}` };
      }
    });
    const removed = new Set(out.filter((f) => f.result === 'restored').map((f) => f.path));
    this.seen = new Set(now.filter((p) => !removed.has(p)));
    return out;
  }

  private find(): string[] {
    const started = performance.now();
    const found = this.finder.find();
    this.last = { folders: found.folders, bounded: found.bounded, ms: performance.now() - started };
    return found.places;
  }
}
