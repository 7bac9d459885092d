// Issue 17, "Done means": the simulator shows, as `semantic-anchors explain` does and from the same engine data, the
// values a call set, the file the session wrote that a call runs, what a client read on stdin, the branch a push
// targets (from the host facts the user sets above the event list), and what stayed unknown — each with the
// characters that matched. Every case is checked against `explain --json` for the same events.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { useSite } from './support/site.js';
import { setEditorText, waitForEditor, waitForFullCheck } from './support/browser.js';
import { explainJson } from './support/cli.js';
import { ensureCliBuilt } from './support/build.js';
import { legendFromCli, legendInPage, type CliSpan } from './support/spans.js';
import { axeViolations } from './support/axe.js';

const site = useSite();
beforeAll(() => ensureCliBuilt());

const DEVELOPER = 'version: 1\nextends: [software-developer]\n';

async function editorWith(config: string): Promise<Page> {
  const page = await site.open('editor/');
  await waitForEditor(page);
  await setEditorText(page, config);
  await waitForFullCheck(page);
  await page.click('#clear-events');
  return page;
}

async function addTool(page: Page, tool: string, args: Record<string, unknown>): Promise<void> {
  await page.selectOption('#event-kind', 'tool');
  await page.fill('#event-tool', tool);
  await page.fill('#event-args', JSON.stringify(args));
  await page.click('#add-event');
}

const verdict = (page: Page, i: number): Locator => page.locator('#verdicts li.verdict').nth(i);

type Explained = ReturnType<typeof explainJson>[number];
const cliSpans = (step: Explained): CliSpan[] => (step.spans as { spans: CliSpan[] }).spans;
const cliCommands = (step: Explained) =>
  (step.parsed as { commands: Record<string, unknown>[] } | undefined)?.commands ?? [];

describe('the simulator follows the data as explain does', () => {
  it('shows a value set earlier in the call in the command it reached, and what the call leaves in its shell', async () => {
    const page = await editorWith(DEVELOPER);
    const event = { tool: 'bash', args: { command: 'B=main; git push -f origin "$B"' } };
    await addTool(page, event.tool, event.args);
    const [cli] = explainJson(DEVELOPER, [event]);
    const v = verdict(page, 0);
    await expect.poll(() => v.getAttribute('data-decision')).toBe(cli!.verdict.decision);
    expect(cli!.verdict.decision).toBe('BLOCK');
    // The command as the engine read it, the value put in: the CLI's parsed text.
    const commands = await v.locator('.parsed-command > code').allTextContents();
    expect(commands).toEqual([
      'B=main',
      ...cliCommands(cli!)
        .slice(1)
        .map((c) => c.text),
    ]);
    expect(commands).toContain('git push -f origin main');
    expect(await v.locator('.parsed-persists').textContent()).toBe('leaves in its shell: B=main');
    expect(await legendInPage(v)).toEqual(legendFromCli(cliSpans(cli!)));
    expect(await v.locator('.marked-command mark').allTextContents()).toEqual(['git push -f origin "$B"']);
  });

  it('marks, inside a script the session wrote and then ran, the characters that matched', async () => {
    const page = await editorWith(DEVELOPER);
    const events = [
      {
        tool: 'write',
        args: { filePath: 'scripts/publish.sh', content: '#!/bin/sh\nnpm test\ngit push --force origin main\n' },
      },
      { tool: 'bash', args: { command: 'bash scripts/publish.sh' } },
    ];
    for (const e of events) await addTool(page, e.tool, e.args);
    const cli = explainJson(DEVELOPER, events);
    const v = verdict(page, 1);
    await expect.poll(() => v.getAttribute('data-decision')).toBe('BLOCK');
    expect(cli[1]!.verdict.decision).toBe('BLOCK');
    expect(await legendInPage(v)).toEqual(legendFromCli(cliSpans(cli[1]!)));
    const inFile = v.locator('.matched-part[data-field="file scripts/publish.sh"]');
    expect(await inFile.textContent()).toContain('Matched in the file scripts/publish.sh');
    expect(await inFile.locator('mark').allTextContents()).toEqual(['git', 'push', '--force', 'main']);
    expect(await v.locator('.parsed-runs').getAttribute('data-path')).toBe('scripts/publish.sh');
    expect(await v.locator('.parsed-runs').textContent()).toContain(
      '(as sh; read its whole text, as this session wrote it; command 1)',
    );
  });

  it('shows the SQL a client read on standard input', async () => {
    const config = 'version: 1\nextends: [devops-engineer]\n';
    const page = await editorWith(config);
    const event = { tool: 'bash', args: { command: "cat <<'SQL' | psql -h prod\nDROP SCHEMA public CASCADE;\nSQL" } };
    await addTool(page, event.tool, event.args);
    const [cli] = explainJson(config, [event]);
    const v = verdict(page, 0);
    await expect.poll(() => v.getAttribute('data-decision')).toBe(cli!.verdict.decision);
    expect(cli!.verdict.decision).toBe('BLOCK');
    const input = (cliCommands(cli!)[1] as { input: { from: string; text: string } }).input;
    const shown = v.locator('.parsed-input');
    expect(await shown.getAttribute('data-from')).toBe('stdin');
    expect(input.from).toBe('stdin');
    expect(await shown.locator('pre').textContent()).toBe(input.text);
    expect(await shown.textContent()).toContain('reads on stdin: ');
    expect(await legendInPage(v)).toEqual(legendFromCli(cliSpans(cli!)));
    // The program, and the SQL the rule read where it stands: inside the heredoc's body.
    expect(await v.locator('.marked-command mark').allTextContents()).toEqual(['psql', 'DROP SCHEMA']);
  });

  it('judges a push with no refspec on the branch set above the events, the implied words shown; unknown without one', async () => {
    const page = await editorWith(DEVELOPER);
    const event = { tool: 'bash', args: { command: 'git push --force-with-lease' } };
    await addTool(page, event.tool, event.args);
    const v = verdict(page, 0);
    // No branch given: unknown, never "not main" — judged as written, and said so.
    const [unknown] = explainJson(DEVELOPER, [event]);
    await expect.poll(() => v.getAttribute('data-decision')).toBe(unknown!.verdict.decision);
    expect(await v.locator('.parsed-host').textContent()).toBe(
      'host: branch unknown (none given: a push that names no branch is judged as written)',
    );
    await page.fill('#host-branch', 'main');
    const [onMain] = explainJson(DEVELOPER, [event], ['--branch', 'main']);
    expect(onMain!.verdict.decision).toBe('BLOCK');
    await expect.poll(() => verdict(page, 0).getAttribute('data-decision')).toBe('BLOCK');
    const w = verdict(page, 0);
    expect(await w.locator('.parsed-host').textContent()).toBe('host: branch main');
    const implied = (cliCommands(onMain!)[0] as { implied: { value: string; from: string }[] }).implied;
    expect(await w.locator('.parsed-implied').allTextContents()).toEqual(
      implied.map((i) => `${i.value} implied: ${i.from}`),
    );
    expect(await legendInPage(w)).toEqual(legendFromCli(cliSpans(onMain!)));
    expect((await legendInPage(w)).some((l) => l.includes('arg main (the branch checked out (host))'))).toBe(true);
    // A detached HEAD is no branch either: the push is judged as written again.
    await page.check('#host-detached');
    const [detached] = explainJson(DEVELOPER, [event], ['--detached']);
    await expect.poll(() => verdict(page, 0).getAttribute('data-decision')).toBe(detached!.verdict.decision);
    expect(await verdict(page, 0).locator('.parsed-host').textContent()).toBe('host: HEAD detached');
    expect(await axeViolations(page)).toEqual([]);
  });

  it("judges a push to the remote's default branch as set above the events; unknown without one", async () => {
    const page = await editorWith(DEVELOPER);
    const command = `git push --force origin "$(git symbolic-ref --short refs/remotes/origin/HEAD | sed 's#^origin/##')"`;
    const event = { tool: 'bash', args: { command } };
    await addTool(page, event.tool, event.args);
    const [unknown] = explainJson(DEVELOPER, [event]);
    await expect.poll(() => verdict(page, 0).getAttribute('data-decision')).toBe(unknown!.verdict.decision);
    expect(await verdict(page, 0).locator('.parsed-unknown').count()).toBe(1);
    await page.fill('#host-default-branch', 'main');
    const [known] = explainJson(DEVELOPER, [event], ['--default-branch', 'main']);
    expect(known!.verdict.decision).toBe('BLOCK');
    await expect.poll(() => verdict(page, 0).getAttribute('data-decision')).toBe('BLOCK');
    expect(await verdict(page, 0).locator('.parsed-host').textContent()).toContain('default branch origin/main');
    expect(await legendInPage(verdict(page, 0))).toEqual(legendFromCli(cliSpans(known!)));
    await page.fill('#host-default-branch', 'origin=');
    expect(await page.locator('#host-error').textContent()).toContain('remote=branch');
  });

  it('marks a value that cannot be known where it stands, and as the match when the file counts it as one', async () => {
    const event = { tool: 'bash', args: { command: 'git push -f origin "$TARGET"' } };
    const page = await editorWith(DEVELOPER);
    await addTool(page, event.tool, event.args);
    const [cli] = explainJson(DEVELOPER, [event]);
    const v = verdict(page, 0);
    await expect.poll(() => v.getAttribute('data-decision')).toBe(cli!.verdict.decision);
    const words = (cliCommands(cli!)[0] as { unknown: { text: string; start: number; end: number }[] }).unknown;
    expect(words).toHaveLength(1);
    const mark = v.locator('.marked-unknown mark.mark-unknown');
    expect(await mark.allTextContents()).toEqual([words[0]!.text]);
    expect(await mark.getAttribute('data-start')).toBe(String(words[0]!.start));
    expect(await mark.getAttribute('data-end')).toBe(String(words[0]!.end));
    expect(await v.locator('.parsed-unknown').textContent()).toBe(
      `unknown ${words[0]!.text} (argument 3, characters ${words[0]!.start}–${words[0]!.end}): its value cannot be known from the call`,
    );
    // A file that counts an unknown value as a match: the unknown word is among the characters that matched.
    const strict = `${DEVELOPER}settings:\n  unknownValues: match\n`;
    await setEditorText(page, strict);
    await waitForFullCheck(page);
    const [matched] = explainJson(strict, [event]);
    expect(matched!.verdict.decision).toBe('BLOCK');
    await expect.poll(() => verdict(page, 0).getAttribute('data-decision')).toBe('BLOCK');
    expect(await legendInPage(verdict(page, 0))).toEqual(legendFromCli(cliSpans(matched!)));
    expect(await verdict(page, 0).locator('.marked-command mark').allTextContents()).toEqual([
      'git',
      'push',
      '-f',
      '"$TARGET"',
    ]);
  });

  it('keeps the host facts in the share link', async () => {
    const page = await editorWith(DEVELOPER);
    await page.fill('#host-branch', 'release/2.0');
    await page.fill('#host-upstream', 'origin/release/2.0');
    await page.fill('#host-default-branch', 'main upstream=develop');
    await page.click('#share');
    const url = await page.inputValue('#share-url');
    const again = await site.open(new URL(url).pathname + new URL(url).hash);
    await waitForEditor(again);
    expect(await again.inputValue('#host-branch')).toBe('release/2.0');
    expect(await again.inputValue('#host-upstream')).toBe('origin/release/2.0');
    expect(await again.inputValue('#host-default-branch')).toBe('main upstream=develop');
  });
});
