// The shell model on the hot path: what parsing costs alone (a 1 KB and a 100 KB command, each parsed fresh, never
// from the parse cache), and what a whole decision costs at 100 contracts when every bash command is a fresh 1 KB
// chain judged by structured `run` matches, effect triggers and secret detection.
import {
  LEDGER_LIMITS,
  bundledPresets,
  compile,
  loadConfig,
  parseShell,
  startState,
  step,
  type CompiledPolicy,
  type Event,
  type SessionState,
} from '@semantic-anchors/engine';
import { medianMs, timeCalls, type Distribution, type TimingBudget } from './measure.js';

export interface ShellResult {
  /** Realistic 1 KB commands: a commit with a heredoc message, a curl with a JSON body, a docker run with many flags. */
  readonly parse1kTypical: Distribution;
  readonly evaluate1kTypical: Distribution;
  /** A dense 1 KB chain of about 40 simple commands: the worst case for the model per byte. */
  readonly parse1k: Distribution;
  readonly parse100kMs: number;
  readonly evaluate1k: Distribution;
  readonly commandBytes: number;
  /** The same typical calls decided in a session whose ledger is full (LEDGER_LIMITS: files and characters). */
  readonly evaluate1kTypicalFullLedger: Distribution;
  /** A write of a new 1 KB script into a full ledger (the copy and the eviction it costs). */
  readonly writeFullLedger: Distribution;
  /** `bash scripts/x.sh` of a 1 KB script the ledger holds: the script walked as what it contains. */
  readonly runLedgerScript: Distribution;
  /** The same typical calls against the twelve presets composed (what a team that extends every role runs). */
  readonly evaluate1kTypicalPresets: Distribution;
  readonly evaluate1kTypicalPresetsFullLedger: Distribution;
  /** How many contracts the twelve presets hold together (besides the built-ins). */
  readonly presetContracts: number;
  /**
   * A fixed loop of integer arithmetic (no allocation, no memory traffic) timed like a decision: whatever its p99 has
   * above its p50 is the machine's own tail at the time (another process on the core, the hypervisor), not the engine's.
   */
  readonly machineTail: Distribution;
  /** The session state with a full ledger, as JSON (UTF-16 code units), and the ledger's own counts. */
  readonly fullLedger: { readonly stateJsonChars: number; readonly files: number; readonly chars: number };
}

/** A 1 KB shell script the session might write: a build, tests, a deploy step; `n` keeps each one distinct. */
export function script1k(n: number): string {
  const lines = [
    '#!/usr/bin/env bash',
    'set -euo pipefail',
    `cd "$(dirname "$0")/.."`,
    'npm ci --no-audit --no-fund',
    `npx vitest run --reporter=dot src/cart src/api # run ${n}`,
    'npm run build -- --mode production',
    `docker build -t registry.example.com/shop/api:${n} -f deploy/Dockerfile .`,
    'git status --short && git log --oneline -n 5',
  ];
  let text = `${lines.join('\n')}\n`;
  while (text.length < 1000) text += `echo "step ${n} done" >> /tmp/build-${n}.log\n`;
  return text.slice(0, 1024);
}

/** A state whose ledger is at its bounds: LEDGER_LIMITS.files scripts of 1 KB, LEDGER_LIMITS.totalChars in all. */
export function fullLedgerState(policy: CompiledPolicy): SessionState {
  let state = startState(policy);
  for (let i = 0; i < LEDGER_LIMITS.files + 8; i++)
    state = step(policy, state, {
      tool: 'write',
      args: { filePath: `/home/dev/shop/scripts/s${i}.sh`, content: script1k(i) },
    }).state;
  return { ...state, seq: 0 };
}

/** A realistic chain of about 1 KB: cd, env prefix, wrappers, a pipe, a redirect, a heredoc; `n` keeps each one fresh. */
export function chain1k(n: number): string {
  const parts = [
    `cd packages/app${n % 7}`,
    'NODE_ENV=test timeout 600 npx vitest run --reporter=dot src/cart/checkout.test.ts src/cart/pricing.test.ts',
    `git -C /home/dev/shop log --oneline -n 20 --author="dev${n}" | grep -v "Merge pull request" | head -n 5`,
    "sudo -u deploy bash -lc 'docker compose -f deploy/compose.yaml ps --format json | jq -r .[].Name'",
    `find src -name '*.ts' -newer package.json -print | xargs wc -l | sort -n | tail -n 3 > /tmp/loc-${n}.txt`,
    'kubectl --context staging -n shop get pods -l app=api -o wide && helm --kube-context staging -n shop status api',
    `git add -A && git commit -m "test(cart): cover checkout rounding ${n}" && git push origin feat/cart-rounding-${n}`,
  ];
  let text = parts.join(' && ');
  while (text.length < 880) text += ` && echo ${n}`;
  // The heredoc's body follows the line that opens it.
  return `${text} && cat > notes/run-${n}.md <<'EOF'\n# Test run ${n}\n\nAll checkout tests passed; pricing is still slow.\nEOF`;
}

/** Three realistic shapes of a 1 KB command, the way agents write them. */
export function typical1k(n: number): string {
  const words =
    'The pagination offset was computed from the page number instead of the page index so page two began with the last item of page one'.split(
      ' ',
    );
  const body = Array.from({ length: 14 }, (_, i) => words.slice(i % 7, (i % 7) + 12).join(' ')).join('\n');
  switch (n % 3) {
    case 0:
      return `git add src/api/pagination.ts src/api/pagination.test.ts && git commit -m "$(cat <<'EOF'\nfix(api): start page ${n} after the last item of the previous page\n\n${body}\nEOF\n)" && git push origin feat/pagination-${n}`;
    case 1:
      return `curl -sS -X POST http://localhost:3000/api/orders -H 'Content-Type: application/json' -H "Authorization: Bearer $TOKEN" -d '${JSON.stringify(
        {
          id: n,
          note: body.replace(/\n/g, ' '),
          items: [
            { sku: 'A-1', qty: 2 },
            { sku: 'B-7', qty: 1 },
          ],
        },
      )}' | jq .`;
    default:
      return `docker run --rm -it --name api-${n} ${Array.from({ length: 14 }, (_, i) => `-e VAR_${i}=value-${i}-${n}`).join(' ')} -v "$PWD/src:/app/src" -v "$PWD/config:/app/config:ro" -p 3000:3000 --network shop_default node:22-alpine npm run dev -- --port 3000 --host 0.0.0.0 # ${body.slice(0, 300).replace(/\n/g, ' ')}`;
  }
}

const POLICY = (i: number): string => `
  - id: run-${i}
    description: Structured rule ${i}.
    mode: ${i % 2 === 0 ? 'BLOCK' : 'WARN'}
    when: { tool: { name: bash, run: { program: [git, deploy${i}], subcommand: push, flags: [-f, --force], args: ['main${i}', '+main${i}'] } } }
    message: m
  - id: effect-${i}
    description: Effect rule ${i}.
    mode: BLOCK
    when: { tool: { effect: { path: ['**/generated${i}/**', '**/.env.${i}'] } } }
    message: m`;

/** The 100-contract policy every shell figure is measured against: structured `run` matches and path effects. */
export function shellBenchPolicy(): CompiledPolicy {
  const yaml = `version: 1\nsettings: { bypassBudget: 3 }\ncontracts:${Array.from({ length: 49 }, (_, i) => POLICY(i)).join('')}
  - id: secrets
    description: No secrets.
    mode: BLOCK
    when: { tool: { effect: { kind: [write, append], secret: true } } }
    message: m
  - id: kube-ns
    description: No namespace deletes.
    mode: BLOCK
    when: { tool: { name: bash, run: { program: kubectl, subcommand: ['delete namespace', 'delete ns'] } } }
    message: m
`;
  const loaded = loadConfig(yaml, { file: 'bench.yaml' });
  if (loaded.diagnostics.some((d) => d.severity === 'error'))
    throw new Error(`bench shell policy: ${loaded.diagnostics.map((d) => d.message).join('; ')}`);
  const policy = compile(loaded.config, { root: '/home/dev/shop' });
  const count = policy.contracts.filter((c) => !c.builtin).length;
  if (count !== 100) throw new Error(`bench shell policy has ${count} contracts, not 100`);
  return policy;
}

/**
 * The twelve presets composed, as a file that extends every role compiles them: the realistic hundred contracts.
 * Their rules are written as people write them (regular expressions over the command, long lists of programs, the
 * same rule in several roles), which the synthetic policy above is not.
 */
export function presetsBenchPolicy(): CompiledPolicy {
  const yaml = `version: 1\nextends: [${bundledPresets.map((p) => p.id).join(', ')}]\n`;
  const loaded = loadConfig(yaml, { file: 'presets.yaml' });
  if (loaded.diagnostics.some((d) => d.severity === 'error'))
    throw new Error(`bench presets policy: ${loaded.diagnostics.map((d) => d.message).join('; ')}`);
  return compile(loaded.config, { root: '/home/dev/shop' });
}

/** About 40 µs of arithmetic on this kind of machine, the same every call. */
function fixedWork(seed: number): number {
  let x = seed | 0;
  for (let i = 0; i < 40_000; i++) x = (Math.imul(x, 31) + i) | 0;
  return x;
}

export function measureShell(budget: TimingBudget): ShellResult {
  const policy = shellBenchPolicy();
  const state = startState(policy);

  // Fresh text every call: the parse cache holds 256 commands, the inputs are far more.
  const typical = Array.from({ length: 20_000 }, (_, i) => typical1k(i));
  let t = 0;
  const parse1kTypical = timeCalls(typical, () => parseShell(typical[t++ % typical.length]!), budget);
  const typicalEvents: Event[] = Array.from({ length: 20_000 }, (_, i) => ({
    tool: 'bash',
    args: { command: typical1k(200_000 + i), description: 'Run it' },
  }));
  let te = 0;
  const evaluate1kTypical = timeCalls(
    typicalEvents,
    () => step(policy, state, typicalEvents[te++ % typicalEvents.length]!),
    budget,
  );
  const texts = Array.from({ length: 20_000 }, (_, i) => chain1k(i));
  let next = 0;
  const parse1k = timeCalls(texts, () => parseShell(texts[next++ % texts.length]!), budget);
  const big = Array.from({ length: 100 }, (_, i) => chain1k(i)).join('\n');
  let bigN = 0;
  const parse100kMs = medianMs(5, () => parseShell(`${big}\n# ${bigN++}`));
  const events: Event[] = Array.from({ length: 20_000 }, (_, i) => ({
    tool: 'bash',
    args: { command: chain1k(100_000 + i), description: 'Run the checks' },
  }));
  let e = 0;
  const evaluate1k = timeCalls(events, () => step(policy, state, events[e++ % events.length]!), budget);

  const full = fullLedgerState(policy);
  let tf = 0;
  const evaluate1kTypicalFullLedger = timeCalls(
    typicalEvents,
    () => step(policy, full, typicalEvents[tf++ % typicalEvents.length]!),
    budget,
  );
  const writes: Event[] = Array.from({ length: 2000 }, (_, i) => ({
    tool: 'write',
    args: { filePath: `/home/dev/shop/tools/new${i}.sh`, content: script1k(50_000 + i) },
  }));
  let w = 0;
  const writeFullLedger = timeCalls(writes, () => step(policy, full, writes[w++ % writes.length]!), budget);
  const runs: Event[] = Array.from({ length: LEDGER_LIMITS.files }, (_, i) => ({
    tool: 'bash',
    args: { command: `bash scripts/s${i + 8}.sh --ci`, description: 'Run the script' },
  }));
  let r = 0;
  const runLedgerScript = timeCalls(runs, () => step(policy, full, runs[r++ % runs.length]!), budget);
  const presets = presetsBenchPolicy();
  const presetState = startState(presets);
  let tp = 0;
  const evaluate1kTypicalPresets = timeCalls(
    typicalEvents,
    () => step(presets, presetState, typicalEvents[tp++ % typicalEvents.length]!),
    budget,
  );
  const presetsFull = fullLedgerState(presets);
  let tpf = 0;
  const evaluate1kTypicalPresetsFullLedger = timeCalls(
    typicalEvents,
    () => step(presets, presetsFull, typicalEvents[tpf++ % typicalEvents.length]!),
    budget,
  );
  const machineTail = timeCalls([1, 2, 3], fixedWork, budget);
  return {
    machineTail,
    evaluate1kTypicalPresets,
    evaluate1kTypicalPresetsFullLedger,
    presetContracts: presets.contracts.filter((c) => !c.builtin).length,
    parse1kTypical,
    evaluate1kTypical,
    parse1k,
    parse100kMs,
    evaluate1k,
    commandBytes: texts[0]!.length,
    evaluate1kTypicalFullLedger,
    writeFullLedger,
    runLedgerScript,
    fullLedger: {
      stateJsonChars: JSON.stringify(full).length,
      files: full.ledger.count,
      chars: full.ledger.chars,
    },
  };
}
