// Small steps the end-to-end tests repeat: play a scripted turn and return only that turn's tool parts, run
// `/anchor …` as a human and return the plugin's answer, read the plugin's own log lines.

import { expect } from 'vitest';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { callDirective, type ToolPart } from '@semantic-anchors/sandbox';
import type { Harness } from './harness.js';

export { callDirective };

/** Sends `lines` as one user message (directives and prose) and returns the tool parts this turn added. */
export async function turn(
  h: Harness,
  session: string,
  lines: readonly string[],
  options: { agent?: string; parts?: readonly unknown[] } = {},
): Promise<ToolPart[]> {
  const before = (await h.client.toolParts(session)).length;
  await h.client.prompt(session, lines.join('\n'), options);
  return (await h.client.toolParts(session)).slice(before);
}

export const bash = (command: string) => callDirective('bash', { command, description: 'scripted' });

/**
 * A python one-liner that prints `text`, carried as base64 of its zlib (deflate) bytes, so the engine cannot know what
 * it prints: the engine reads base64 and inflates gzip met in a decode (`base64 -d | gunzip`, blind round 6), but does
 * not run python's zlib. (ROT13 through `tr`, then gzip through `gunzip`, served until the engine learnt to read each.)
 */
export const unreadablePrint = (text: string): string =>
  `python3 -c "import base64, sys, zlib; sys.stdout.buffer.write(zlib.decompress(base64.b64decode('${deflateSync(Buffer.from(text, 'utf8')).toString('base64')}')))"`;

/**
 * A bash call that writes `text` to `path` so that the engine cannot know what the file holds: a script the session
 * wrote whole is judged as what it contains, and the second layer's tests need one the first layer cannot read.
 */
export const unreadableScript = (path: string, text: string) => bash(`${unreadablePrint(text)} > ${path}`);

/** A bash call that runs python code the rules cannot read: what holds must be below them (the sandbox, the result check). */
export const unreadablePython = (code: string) => bash(`${unreadablePrint(code)} | python3 -`);

/**
 * Runs `/anchor <args>` as the human would and returns the text the plugin put in place of the command's parts
 * (contract: one text part starting with "[semantic-anchors]").
 */
export async function anchor(h: Harness, session: string, args: string): Promise<string> {
  const result = await h.client.command(session, 'anchor', args);
  expect(result.status, `/anchor ${args} answered HTTP ${result.status}: ${result.text.slice(0, 500)}`).toBeLessThan(
    400,
  );
  const messages = await h.client.messages(session);
  const answers = messages
    .filter((m) => m.role === 'user')
    .flatMap((m) => m.texts)
    .filter((t) => t.startsWith('[semantic-anchors]'));
  const last = answers.at(-1);
  expect(last, `no "[semantic-anchors]" answer stored after /anchor ${args}`).toBeDefined();
  return last ?? '';
}

/**
 * Log records the plugin wrote through client.app.log (opencode prints them with service=semantic-anchors). A
 * record starts at "timestamp=" and may span several lines when its message holds newlines.
 */
export function pluginLogLines(h: Harness): string[] {
  return logRecords(h).filter((record) => record.includes('service=semantic-anchors'));
}

/** Every record of opencode's log (its own and all plugins'). */
export function logRecords(h: Harness): string[] {
  return h.opencode.log().split(/\n(?=timestamp=)/);
}

export function projectFileExists(h: Harness, relative: string): boolean {
  return existsSync(join(h.dirs.project, relative));
}

export function expectBlocked(part: ToolPart | undefined, contractId: string): void {
  expect(part, 'expected a tool part').toBeDefined();
  expect(part?.status).toBe('error');
  expect(part?.error ?? '').toMatch(/^BLOCKED by semantic-anchors/);
  expect(part?.error ?? '').toContain(contractId);
}

export function expectRan(part: ToolPart | undefined): void {
  expect(part, 'expected a tool part').toBeDefined();
  expect(part?.error, `the call was stopped: ${part?.error ?? ''}`).toBeUndefined();
  expect(part?.status).toBe('completed');
}

/** Every text the scripted model received in any request (system, user, tool results). */
export function everythingTheModelSaw(h: Harness): string {
  return h.model.requests
    .flatMap((r) => r.chat?.messages ?? [])
    .map((m) => m.text)
    .join('\n');
}
