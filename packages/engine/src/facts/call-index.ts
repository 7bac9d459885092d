// Per-call lookups over a tool call's facts: the simple commands by lower-cased program name and the kinds of file
// effect the call has. Built once per call on first use and shared by every contract that asks, so a contract that
// names `git` looks at the call's git commands instead of lower-casing every program of a 40-command chain again.
import { keysOfPath } from '../matchers/glob.js';
import type { FileEffectKind, ToolFacts } from './types.js';

export interface CallIndex {
  /** Indices into `commands` (ascending) by program name, lower-cased: no two real programs differ only by case. */
  readonly commandsByProgram: ReadonlyMap<string, readonly number[]>;
  /** The lower-cased program of each simple command, by index. */
  readonly programs: readonly string[];
  readonly effectKinds: ReadonlySet<FileEffectKind>;
  /** First segments and extensions of the call's relative paths, lower-cased (see `pathKeys` in matchers/glob.ts). */
  readonly pathHeads: ReadonlySet<string>;
  readonly pathExts: ReadonlySet<string>;
  /** The keys the event index files needs under ("h:src", "x:ts", "p:git", "e:write"), made once per call: every index
   * (contracts, history, counters) asks for them. */
  readonly keys: readonly string[];
}

// One entry: an event's facts are matched against all contracts before the next event's facts exist. Facts are
// immutable, so the same object always gives the same index.
let lastFacts: ToolFacts | undefined;
let lastIndex: CallIndex | undefined;

export function callIndex(f: ToolFacts): CallIndex {
  if (f === lastFacts && lastIndex !== undefined) return lastIndex;
  const commandsByProgram = new Map<string, number[]>();
  const programs: string[] = new Array(f.commands.length);
  for (let i = 0; i < f.commands.length; i++) {
    const program = lowerCased(f.commands[i]!.command.program);
    programs[i] = program;
    const list = commandsByProgram.get(program);
    if (list) list.push(i);
    else commandsByProgram.set(program, [i]);
  }
  const effectKinds = new Set<FileEffectKind>();
  for (const e of f.effects) effectKinds.add(e.kind);
  const pathHeads = new Set<string>();
  const pathExts = new Set<string>();
  for (const p of f.paths) {
    const { head, ext } = keysOfPath(p.relative);
    pathHeads.add(head);
    if (ext !== undefined) pathExts.add(ext);
  }
  const keys: string[] = [];
  for (const h of pathHeads) keys.push(`h:${h}`);
  for (const x of pathExts) keys.push(`x:${x}`);
  for (const p of commandsByProgram.keys()) keys.push(`p:${p}`);
  for (const k of effectKinds) keys.push(`e:${k}`);
  lastFacts = f;
  lastIndex = { commandsByProgram, programs, effectKinds, pathHeads, pathExts, keys };
  return lastIndex;
}

/** The commands of the call whose program is one of `names` (lower-cased), in ascending order. */
export function commandsRunning(index: CallIndex, names: readonly string[]): readonly number[] {
  let found: readonly number[] | undefined;
  let merged: number[] | undefined;
  for (let i = 0; i < names.length; i++) {
    const list = index.commandsByProgram.get(names[i]!);
    if (list === undefined) continue;
    if (found === undefined) found = list;
    else (merged ??= [...found]).push(...list);
  }
  // Two names of one match (git, deploy) can both occur: their commands are interleaved in the call.
  return merged ? merged.sort((a, b) => a - b) : (found ?? NO_COMMANDS);
}

const NO_COMMANDS: readonly number[] = [];

/** The name lower-cased; a name with no capital (nearly all) is returned as it is (each toLowerCase makes a string). */
function lowerCased(name: string): string {
  for (let i = 0; i < name.length; i++) {
    const c = name.charCodeAt(i);
    if ((c >= 65 && c <= 90) || c >= 128) return name.toLowerCase();
  }
  return name;
}
