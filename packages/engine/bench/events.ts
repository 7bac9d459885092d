// A deterministic, realistic mix of session events: shell commands, reads and edits by path, writes, greps and
// human messages. Half of the events name a module that a contract of the policy covers, so each policy size
// sees a similar share of matches (some BLOCK, some WARN, most ALLOW, as in a real session).
import type { Event } from '@semantic-anchors/engine';

/** mulberry32: a small seeded PRNG, so every run times the same events. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(rand: () => number, list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;

export function sessionEvents(count: number, contracts: number, seed: number): Event[] {
  const rand = prng(seed);
  // A module number: half the time one a contract covers, otherwise one no contract names.
  const mod = () => (rand() < 0.5 ? Math.floor(rand() * contracts) : 5000 + Math.floor(rand() * 5000));
  const events: Event[] = [];
  for (let n = 0; n < count; n++) {
    const r = rand();
    const j = mod();
    if (r < 0.35) {
      const command = pick(rand, [
        'git status',
        'npm test -- --run',
        `deploy${j} --force --region eu`,
        `deploy${j} --dry-run`,
        `make target${j} && make check`,
        `ls -la src/mod${j}`,
        `rg -n "TODO" lib${j}`,
      ]);
      events.push({ tool: 'bash', args: { command, description: 'run a command' } });
    } else if (r < 0.6) {
      const filePath = pick(rand, [
        `src/mod${j}/index.ts`,
        `config/app.secret${j}`,
        `lib${j}/core/a.ts`,
        `pkg${j}/generated/api.ts`,
        'README.md',
      ]);
      events.push({ tool: 'read', args: { filePath } });
    } else if (r < 0.8) {
      const filePath = pick(rand, [
        `lib${j}/core/b.ts`,
        `pkg${j}/generated/api.ts`,
        `src/mod${j}/util.ts`,
        `lib${j}/notes.md`,
      ]);
      events.push({ tool: 'edit', args: { filePath, oldString: 'const a = 1;', newString: 'const a = 2;' } });
    } else if (r < 0.85) {
      const filePath = pick(rand, [`pkg${j}/generated/types.ts`, `docs/mod${j}.md`]);
      events.push({ tool: 'write', args: { filePath, content: `# Module ${j}\n\nGenerated notes.\n` } });
    } else if (r < 0.9) {
      events.push({ tool: 'grep', args: { pattern: 'export function', path: `src/mod${j}` } });
    } else {
      const message = pick(rand, [
        `please look at ticket-${j}/ before lunch`,
        'continue',
        'why is the build red? check the CI log',
        `refactor module ${j} so that tests verify the parser`,
      ]);
      events.push({ message });
    }
  }
  // Hosts receive events as parsed JSON, whose strings are flat. Template literals build rope (cons) strings that
  // V8 flattens, allocating, on first use — which would show up as heap growth per event that is not the engine's.
  return JSON.parse(JSON.stringify(events)) as Event[];
}
