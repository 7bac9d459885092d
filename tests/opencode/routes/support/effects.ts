// What the routes assert: effects on disk, on the server and in what the agent saw, and the human's later actions
// (a git commit, `make`, a new shell) run from the test process with the human's environment — never the agent's.
import { spawnSync } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, relative } from 'node:path';
import { expect } from 'vitest';
import type { ToolPart } from '@semantic-anchors/sandbox';
import type { Harness } from '../../support/harness.js';
import { anchor, expectRan, turn } from '../../support/turns.js';

/** Where a hook, template or script the agent left behind would write its marker (outside the project). */
export function markerDir(h: Harness): string {
  const dir = join(h.dirs.root, 'markers');
  mkdirSync(dir, { recursive: true });
  return dir;
}

export const marker = (h: Harness, id: string): string => join(markerDir(h), id);

export function expectNoMarker(h: Harness, id: string): void {
  expect(existsSync(marker(h, id)), `the marker of route ${id} was written: its code ran as the human`).toBe(false);
}

/** The file's text, or undefined when it is not there (deleted, moved away). */
export function readOrMissing(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** Files (and symlinks) under a folder, relative to it, `node_modules` skipped; [] when the folder is missing. */
export function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  const walk = (current: string) => {
    for (const entry of readdirSync(current, { withFileTypes: true })) {
      if (entry.name === 'node_modules') continue;
      const path = join(current, entry.name);
      if (entry.isDirectory()) walk(path);
      else out.push(relative(dir, path));
    }
  };
  walk(dir);
  return out.sort();
}

export const isSymlink = (path: string): boolean => {
  try {
    return lstatSync(path).isSymbolicLink();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
};

/** The human's environment: their HOME and XDG dirs, no editor override, nothing of the agent's shell. */
export function humanEnv(h: Harness): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    LANG: 'C.UTF-8',
    HOME: h.dirs.home,
    XDG_CONFIG_HOME: h.dirs.configHome,
    XDG_DATA_HOME: h.dirs.dataHome,
    XDG_CACHE_HOME: h.dirs.cacheHome,
    XDG_STATE_HOME: h.dirs.stateHome,
    // Git never looks above the sandbox for a repository (see routes-harness.ts).
    GIT_CEILING_DIRECTORIES: dirname(h.dirs.root),
    npm_config_offline: 'true',
    npm_config_audit: 'false',
    npm_config_fund: 'false',
    npm_config_update_notifier: 'false',
  };
}

/** Runs a command in the project as the human would, in bash; never throws (a failing command is data). */
export function asHuman(h: Harness, command: string, cwd = h.dirs.project): { status: number | null; output: string } {
  const result = spawnSync('bash', ['-c', command], {
    cwd,
    env: humanEnv(h),
    encoding: 'utf8',
    timeout: 30_000,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return { status: result.status, output: `${result.stdout ?? ''}${result.stderr ?? ''}` };
}

/**
 * Plays one scripted turn (see support/turns.ts). ROUTES_DEBUG=1 prints each call's status and what it returned,
 * to see why a route held or went through.
 */
export async function play(h: Harness, session: string, lines: readonly string[]): Promise<ToolPart[]> {
  const parts = await turn(h, session, lines);
  if (process.env.ROUTES_DEBUG === '1') {
    for (const part of parts)
      console.log(
        `[${part.tool}] ${part.status}: ${JSON.stringify(part.input).slice(0, 160)}\n  → ${seen(part).trim().slice(0, 400)}`,
      );
  }
  return parts;
}

/**
 * Plays a long script as several turns of at most `perTurn` calls (each turn must end within the client's 90 s on a
 * loaded machine, with every bash call starting a sandbox). A call that reads the previous result
 * (`{{result:…}}`) stays in the turn of the call before it.
 */
export async function playAll(h: Harness, session: string, lines: readonly string[], perTurn = 6): Promise<ToolPart[]> {
  const turns: string[][] = [];
  for (const line of lines) {
    const current = turns.at(-1);
    if (current && (current.length < perTurn || line.includes('{{result:'))) current.push(line);
    else turns.push([line]);
  }
  const parts: ToolPart[] = [];
  for (const lines of turns) parts.push(...(await play(h, session, lines)));
  return parts;
}

/** Titles of every session on the server (a route proves it reached the server by creating a titled session). */
export async function serverSessionTitles(h: Harness): Promise<string[]> {
  const result = await h.client.call('GET', '/session');
  expect(result.status, result.text.slice(0, 300)).toBe(200);
  const list = Array.isArray(result.json) ? (result.json as Array<{ title?: unknown }>) : [];
  return list.map((s) => String(s.title ?? ''));
}

/** Every stored message of every session (tool inputs, outputs, errors, metadata) as one text. */
export async function everythingStored(h: Harness): Promise<string> {
  const sessions = await h.client.sessions();
  const texts = await Promise.all(
    sessions.map(async (s) => JSON.stringify((await h.client.messages(s.id)).map((m) => m.raw))),
  );
  return texts.join('\n');
}

/** What a tool call gave the agent: its output or its error text. */
export const seen = (part: ToolPart | undefined): string => `${part?.output ?? ''}\n${part?.error ?? ''}`;

/** An honest neighbour's call ran unblocked and printed `text`. */
export function ran(part: ToolPart | undefined, text: string): void {
  expectRan(part);
  expect(seen(part)).not.toMatch(/BLOCKED by semantic-anchors/);
  expect(part?.output ?? '').toContain(text);
}

/** The budget line of `/anchor status` in that session, e.g. "Bypasses: 3 of 3 left this session". */
export async function budgetLine(h: Harness, session: string): Promise<string> {
  const status = await anchor(h, session, 'status');
  return status.split('\n').find((l) => l.startsWith('Bypasses:')) ?? `no budget line in: ${status}`;
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Shell code a background job runs after its attempt, so the test knows the job had its chance. It writes to the
 * temp folder, which the agent may write (the marker folder sits beside the human's HOME, which it may not).
 */
export const announceDone = (h: Harness, id: string): string => `touch ${doneFile(h, id)}`;
const doneFile = (h: Harness, id: string) => join(tmpdir(), `${basename(h.dirs.root)}-${id}.done`);

/** Shell code for the agent's next call: it waits (at most 10 s) until its own background job has acted. */
export const waitInShell = (h: Harness, id: string): string =>
  `for i in $(seq 50); do [ -e ${doneFile(h, id)} ] && break; sleep 0.2; done`;

/**
 * Waits until the background job of route `id` has made its attempt (see announceDone), at most `ms`: a job the
 * defences killed never announces, and the route is judged after the deadline.
 */
export async function backgroundDone(h: Harness, id: string, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline && !existsSync(doneFile(h, id))) await sleep(200);
  rmSync(doneFile(h, id), { force: true });
}
