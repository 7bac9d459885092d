// The facts stage: untyped host input → what triggers look at. This file holds the shapes; tool.ts, message.ts,
// effects.ts and shell.ts fill them. Everything here is computed once per event, before any contract runs.
import type { ShellModel, SimpleCommand } from '../shell/index.js';
import type { UrlFact } from './url-hosts.js';

export type { UrlFact };

export interface PathFact {
  /** Relative to the project root (may start with ../ when outside it). */
  readonly relative: string;
  readonly absolute: string | undefined;
}

export type FileEffectKind = 'write' | 'append' | 'delete' | 'read';

/** One effect on one file, whichever tool has it. */
export interface EffectFact {
  readonly kind: FileEffectKind;
  readonly path: PathFact;
  /** The text written, when known (write content, an edit's new text, a patch's added lines, a heredoc body). */
  readonly content: string | undefined;
  /** How: 'write tool', 'edit tool', 'patch', '>', 'tee', 'sed -i', 'cp', 'rm', … */
  readonly via: string;
  /** The simple command that has it (an index into `commands`), for shell calls. */
  readonly command: number | undefined;
  /** True when the path holds a shell value the engine cannot know (`rm -rf "$DIR/build"`). */
  readonly unknown?: boolean;
  /** Set when the command runs on another host or in a container ('ssh web1', 'docker exec api'). */
  readonly remote?: string;
  /** Set when git ignores the path (the host's ignore rules): which folder's ignore file, and the pattern. */
  readonly ignored?: { readonly folder: string; readonly pattern: string };
  /** Set when this session wrote the file's whole text in an earlier call (the ledger holds it): a file it made. */
  readonly sessionWrote?: true;
}

/** One simple command of a shell call, with the text regexes and explanations use. */
export interface CommandFact {
  readonly command: SimpleCommand;
  /** Program and arguments joined by single spaces, quotes removed, global options left out; the commands a SQL or
   * data client reads on stdin follow on the next line. */
  readonly normalized: string;
  /** The known values of its environment: the session's (unless a wrapper cleared them), then what the call gave it
   * (SimpleCommand.environment). Absent when none. */
  readonly environment?: Readonly<Record<string, string>>;
  /** Set on a copy of the command at this index whose path words are read as the paths they reach, from the folder it
   * runs in and through symbolic links (facts/shell.ts withReachedWords). */
  readonly reachedOf?: number;
  /** Set when the command runs a file the session wrote and the model read it (ShellModel.scripts: a script, a
   * Makefile, a task file): what it runs is judged as the commands it holds. */
  readonly followed?: true;
}

/** An argument the engine does not know how to read (a tool it does not know), scanned as text. */
export interface ScannedArgument {
  readonly key: string;
  readonly text: string;
}

export interface ToolFacts {
  readonly kind: 'tool';
  readonly raw: string;
  readonly name: string;
  readonly args: Readonly<Record<string, unknown>>;
  readonly paths: readonly PathFact[];
  readonly command: string | undefined;
  readonly content: readonly string[];
  readonly url: string | undefined;
  /** True for the reads an attachment stands for: they are not tool calls and do not count as such. */
  readonly attachment: boolean;
  /** The parsed shell command of a bash/shell call. */
  readonly shell: ShellModel | undefined;
  readonly commands: readonly CommandFact[];
  readonly effects: readonly EffectFact[];
  /** Script files a shell call runs (./x.sh, bash x.sh, python x.py, source x), relative to the project root. */
  readonly scripts: readonly string[];
  /** String arguments of a tool the engine does not know, scanned for content and secrets. */
  readonly scanned: readonly ScannedArgument[];
  /** URLs the call would connect to (webfetch's url, URLs in unknown tools' arguments and in a shell command). */
  readonly urls: readonly UrlFact[];
  /** Why the call cannot be checked as it is (an argument of the wrong type, too large): a fault verdict. */
  readonly problems: readonly string[];
}

export type MessageAuthor = 'human' | 'agent' | 'subagent';

export interface MessageFacts {
  readonly kind: 'message';
  readonly text: string;
  readonly from: MessageAuthor;
  readonly attachments: readonly PathFact[];
  readonly confirmation: boolean;
}

export type Facts = ToolFacts | MessageFacts;

/** Texts longer than this are not matched at all: the call gets a fault verdict, decided by settings.onError. */
export const MAX_EVENT_TEXT = 1024 * 1024;
