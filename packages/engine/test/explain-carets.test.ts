// `semantic-anchors explain` marks what each contract matched with a caret line under the command, and --json
// carries the spans. Run in-process through runCli (the same entry dist/cli.js calls) with a capturing I/O.
import { describe, expect, it } from 'vitest';
import { runCli, type CliIO } from '@semantic-anchors/engine/node';

async function explain(...args: string[]): Promise<{ code: number; lines: string[] }> {
  const lines: string[] = [];
  const io: CliIO = {
    out: (l) => lines.push(...l.split('\n')),
    err: (l) => lines.push(...l.split('\n')),
    color: false,
  };
  const code = await runCli(['explain', ...args], { io });
  return { code, lines };
}

const event = (e: unknown): string[] => ['--event', JSON.stringify(e)];

/** The characters above each run of carets in a [text, carets] pair of lines. */
function underCarets(text: string, carets: string): string[] {
  const out: string[] = [];
  for (const m of carets.matchAll(/\^+/g)) out.push(text.slice(m.index, m.index + m[0].length));
  return out;
}

describe('semantic-anchors explain: caret lines', () => {
  it('marks the program, subcommand, flag letter and branch of a forced push inside sudo sh -c', async () => {
    const command = "npm test && sudo sh -c 'git push -fu origin main'";
    const r = await explain('software-developer', ...event({ tool: 'bash', args: { command } }));
    expect(r.code).toBe(0);
    const at = r.lines.indexOf(`     │ ${command}`);
    expect(at).toBeGreaterThan(0);
    expect(r.lines[at - 1]).toContain('✗ dev-no-force-push-main [BLOCK]');
    const carets = r.lines[at + 1]!;
    expect(carets).toBe(
      '     │                         ^^^ ^^^^  ^         ^^^^ program git, subcommand push, flag -f, arg main',
    );
    expect(underCarets(r.lines[at]!, carets)).toEqual(['git', 'push', 'f', 'main']);
  });

  it("marks a written file's path and the secret in its content, the secret masked", async () => {
    const r = await explain(
      'software-developer',
      ...event({
        tool: 'write',
        args: { filePath: 'src/config.ts', content: 'const key = "sk_live_4eC39HqLyjWDarjtT1zdp7dc"' },
      }),
    );
    const content = r.lines.findIndex((l) => l.includes('content of file effect 1 │'));
    expect(r.lines[content]).toBe('     content of file effect 1 │ const key = "sk_l••••••••••••••••••••••••••••"');
    expect(r.lines.join('\n')).not.toContain('4eC39HqLyjWDarjtT1zdp7dc');
    expect(underCarets(r.lines[content]!, r.lines[content + 1]!)).toEqual(['sk_l••••••••••••••••••••••••••••']);
    expect(r.lines[content + 1]).toMatch(/\^ secret Stripe live secret key$/);
  });

  it('--json carries the spans and the texts they index', async () => {
    const command = 'git -C repo push --force origin main';
    const r = await explain('software-developer', '--json', ...event({ tool: 'bash', args: { command } }));
    const [result] = JSON.parse(r.lines.join('\n')) as {
      spans: { spans: { start: number; end: number; label: string }[]; texts: Record<string, string> };
    }[];
    const spans = result!.spans;
    expect(spans.texts.command).toBe(command);
    expect(spans.spans.map((s) => [command.slice(s.start, s.end), s.label])).toEqual([
      ['git', 'program git'],
      ['push', 'subcommand push'],
      ['--force', 'flag --force'],
      ['main', 'arg main'],
    ]);
  });
});
