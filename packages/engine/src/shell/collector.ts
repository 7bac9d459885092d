// The model under construction: commands, effects, opaque parts, scripts and the first error, with the bound on
// how many commands one source may yield (so adversarial input stays bounded in time and memory).
import type { FileEffect, Opaque, OpaqueReason, ScriptRun, ShellModel, SimpleCommand } from './types.js';
import type { Effect } from './effects.js';

export class Collector {
  readonly commands: SimpleCommand[] = [];
  private readonly effectList: FileEffect[] = [];
  private readonly opaqueList: Opaque[] = [];
  private readonly scriptList: ScriptRun[] = [];
  private error: { message: string; offset: number } | undefined;
  private overflowed = false;

  constructor(
    private readonly maxCommands: number,
    /** Told of every effect as it is recorded (the call's own files: CallFiles.observe). */
    private readonly observe?: (effect: FileEffect) => void,
  ) {}

  /** True once the bound is reached; reports it (once) as opaque 'depth': the rest of the source is unseen. */
  full(): boolean {
    if (this.commands.length < this.maxCommands) return false;
    if (!this.overflowed) this.opaque('depth', undefined, `more than ${this.maxCommands} simple commands`);
    this.overflowed = true;
    return true;
  }

  /** Record a command; undefined once the bound is reached. */
  command(command: SimpleCommand): number | undefined {
    if (this.full()) return undefined;
    this.commands.push(command);
    return this.commands.length - 1;
  }

  effects(command: number, effects: readonly Effect[]): void {
    for (const e of effects) {
      const effect: FileEffect = { kind: e.kind, path: e.path, content: e.content, via: e.via, command };
      this.effectList.push(effect);
      this.observe?.(effect);
    }
  }

  opaque(reason: OpaqueReason, command: number | undefined, detail: string): void {
    this.opaqueList.push({ reason, command, detail });
  }

  script(path: string, command: number, as?: string, read?: 'whole' | 'pieces'): void {
    this.scriptList.push(as === undefined ? { path, command } : { path, command, as, read });
  }

  /** The first error is the one reported; each failed parse also counts as opaque 'unparseable'. */
  fail(message: string, offset: number): void {
    if (this.error === undefined) this.error = { message, offset };
    this.opaque('unparseable', undefined, message);
  }

  result(): ShellModel {
    return {
      commands: this.commands,
      effects: this.effectList,
      opaque: this.opaqueList,
      scripts: this.scriptList,
      error: this.error,
    };
  }
}
