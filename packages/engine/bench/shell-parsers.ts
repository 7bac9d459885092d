// Which bash parser the shell model uses, decided by measurement: correctness on tricky commands, parse time for
// 1 KB and 100 KB, cold start (import + init + first parse, in a fresh process) and the minified browser bundle.
// Run: npx tsx bench/shell-parsers.ts   (prints a Markdown table; SHELL.md holds the figures and the choice)
//      npx tsx bench/shell-parsers.ts --overhead   (only the model's CPU cost over unbash's parse)
import { execFileSync } from 'node:child_process';
import { statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadavg } from 'node:os';
import { build } from 'esbuild';
import { parseShell } from '../src/shell/index.js';
import { chain1k, typical1k } from './shell.js';

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);

/** A command and the program names a parser must find in it (syntactic commands, including substitutions). */
const CASES: readonly (readonly [string, readonly string[]])[] = [
  ['git push -f origin main', ['git']],
  ['cd x && git push -fu origin main', ['cd', 'git']],
  ['a; b || c | d & e', ['a', 'b', 'c', 'd', 'e']],
  ['echo k > .env', ['echo']],
  ['cat > f <<EOF\nhello $(id)\nEOF', ['cat', 'id']],
  ["cat <<'EOF' | sh\nrm -rf x\nEOF", ['cat', 'sh']],
  ['cat <<-EOF\n\tx\n\tEOF\nls', ['cat', 'ls']],
  ['echo "$(whoami)"', ['echo', 'whoami']],
  ['echo `date`', ['echo', 'date']],
  ['echo `echo \\`id\\``', ['echo', 'echo', 'id']],
  ['diff <(sort a) <(sort b)', ['diff', 'sort', 'sort']],
  ['tee >(grep x) < f', ['tee', 'grep']],
  ["bash -c 'git push -f'", ['bash']],
  ['arr=(a "b c" $(ls)); echo "${arr[@]}"', ['ls', 'echo']],
  ['[[ -f x && $(cat y) == z ]] && rm x', ['cat', 'rm']],
  ['case $x in a) rm a;; b|c) rm b;; *) ls;; esac', ['rm', 'rm', 'ls']],
  ['f() { git push; }; f', ['git', 'f']],
  ['function g { rm -rf /; }', ['rm']],
  ['make &> log', ['make']],
  ['make 2>&1 | tee log', ['make', 'tee']],
  ["echo 'it''s' \"q\\\"uote\" a\\ b", ['echo']],
  ["echo $'a\\nb\\'c'", ['echo']],
  ['if true; then rm a; elif false; then rm b; else rm c; fi', ['true', 'rm', 'false', 'rm', 'rm']],
  ['while read l; do echo "$l"; done < f', ['read', 'echo']],
  ['for i in $(seq 3); do touch "f$i"; done', ['seq', 'touch']],
  ['for ((i=0;i<3;i++)); do echo $i; done', ['echo']],
  ['(cd sub; rm -rf build)', ['cd', 'rm']],
  ['{ echo a; echo b; } > out', ['echo', 'echo']],
  ['FOO=1 BAR="x y" env', ['env']],
  ['x=$(curl -s u) ; $x', ['curl', '$x']],
  ['echo ${HOME:-$(pwd)}', ['echo', 'pwd']],
  ['echo $(( $(wc -l < f) + 1 ))', ['echo', 'wc']],
  ['git commit -m "$(cat msg.txt)"', ['git', 'cat']],
  ['npm run x -- --arg=$(id -u)', ['npm', 'id']],
  ['time git push', ['git']],
  ['! grep -q x f', ['grep']],
  ['coproc cat', ['cat']],
  ['select x in a b; do echo $x; break; done', ['echo', 'break']],
  ['echo {a,b}{1,2} *.ts ?(x)', ['echo']],
  ['cat <<< "$(id)"', ['cat', 'id']],
  ['ls # rm -rf /', ['ls']],
  ['exec 3>&1; echo >&3', ['exec', 'echo']],
];

interface Candidate {
  readonly name: string;
  /** Program names of every simple command, or an error message. */
  readonly commands: (source: string) => Promise<readonly string[] | string> | readonly string[] | string;
  readonly time: (source: string) => unknown;
}

const stripQuotes = (s: string): string => s.replace(/^['"]|['"]$/g, '');

async function candidates(): Promise<Candidate[]> {
  const unbash = await import('unbash');
  const unbashNames = (source: string): readonly string[] | string => {
    const ast = unbash.parse(source);
    if (ast.errors?.length) return `error: ${ast.errors[0]?.message}`;
    const names: string[] = [];
    const visit = (node: import('unbash').SyntaxNode): void => {
      if (node.type === 'Command' && node.name) names.push(node.name.value);
      unbash.forEachChild(node, visit);
    };
    visit(ast);
    return names;
  };

  const visitAll = (node: import('unbash').SyntaxNode): number => {
    let n = 1;
    unbash.forEachChild(node, (c) => {
      n += visitAll(c);
    });
    return n;
  };

  const { Parser, Language } = await import('web-tree-sitter');
  await Parser.init();
  const bash = await Language.load(require.resolve('tree-sitter-bash/tree-sitter-bash.wasm'));
  const ts = new Parser();
  ts.setLanguage(bash);
  const tsNames = (source: string): readonly string[] | string => {
    const tree = ts.parse(source);
    if (tree === null) return 'error: no tree';
    try {
      if (tree.rootNode.hasError) return 'error: ERROR node';
      return tree.rootNode
        .descendantsOfType('command')
        .map((c) => stripQuotes(c?.childForFieldName('name')?.text ?? ''));
    } finally {
      tree.delete();
    }
  };

  const sh = await import('sh-syntax');
  const shNames = async (source: string): Promise<readonly string[] | string> => {
    try {
      const file = await sh.parse(source);
      // The JSON AST that crosses the WASM boundary keeps only Pos/End of each Cmd: names cannot be read back.
      const cmd = (file.Stmts?.[0] as { Cmd?: Record<string, unknown> } | undefined)?.Cmd;
      return cmd !== undefined && 'Args' in cmd ? [] : 'no command structure in the AST';
    } catch (error) {
      return `error: ${(error as Error).message}`;
    }
  };

  return [
    // unbash resolves word parts lazily: the timed call visits every node so the work is all done, as the model does.
    { name: 'unbash', commands: unbashNames, time: (s) => visitAll(unbash.parse(s)) },
    { name: 'web-tree-sitter + tree-sitter-bash', commands: tsNames, time: (s) => ts.parse(s)?.delete() },
    { name: 'sh-syntax (async)', commands: shNames, time: (s) => sh.parse(s) },
  ];
}

const sameMultiset = (a: readonly string[], b: readonly string[]): boolean =>
  [...a].sort().join('\u0000') === [...b].sort().join('\u0000');

/** A realistic command of about `bytes` characters: chains, pipes, quotes, substitutions, a heredoc. */
function sample(bytes: number): string {
  const unit = `cd "pkg dir" && git -C . add -A && git commit -m "fix: $(date +%F)" || echo 'failed' >&2; grep -rn "TODO" src | sort | uniq -c > todo.txt\n`;
  const heredoc = `cat > notes.md <<'EOF'\nline with $HOME and \`ticks\`\nEOF\n`;
  let out = '';
  while (out.length + unit.length < bytes) out += out.length % 3 === 0 ? unit : heredoc;
  return out;
}

async function percentiles(fn: () => unknown, runs: number): Promise<{ p50: number; p99: number }> {
  for (let i = 0; i < Math.min(50, runs); i++) await fn();
  const t = new Float64Array(runs);
  for (let i = 0; i < runs; i++) {
    const t0 = process.hrtime.bigint();
    await fn();
    t[i] = Number(process.hrtime.bigint() - t0) / 1e3;
  }
  t.sort();
  return { p50: t[Math.floor(runs * 0.5)] ?? 0, p99: t[Math.min(runs - 1, Math.ceil(runs * 0.99) - 1)] ?? 0 };
}

/** Cold start in a fresh process: import + init + first parse of a short command, in ms. */
function coldStart(which: string): number {
  const out = execFileSync(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--cold', which], {
    encoding: 'utf8',
  });
  return Number(out.trim().split('\n').pop());
}

async function runCold(which: string): Promise<void> {
  const t0 = process.hrtime.bigint();
  if (which === 'unbash') (await import('unbash')).parse('git push -f');
  else if (which === 'tree-sitter') {
    const { Parser, Language } = await import('web-tree-sitter');
    await Parser.init();
    const p = new Parser();
    p.setLanguage(await Language.load(require.resolve('tree-sitter-bash/tree-sitter-bash.wasm')));
    p.parse('git push -f')?.delete();
  } else await (await import('sh-syntax')).parse('git push -f');
  console.log(Number(process.hrtime.bigint() - t0) / 1e6);
}

/** Minified browser bundle of an entry that imports the parser, plus the .wasm files it must fetch. */
async function bundleKb(specifier: string, wasm: readonly string[]): Promise<string> {
  try {
    const result = await build({
      stdin: { contents: `export * from '${specifier}';`, resolveDir: here, loader: 'js' },
      bundle: true,
      write: false,
      minify: true,
      platform: 'browser',
      format: 'esm',
      logLevel: 'silent',
      external: ['fs', 'fs/promises', 'path', 'module', 'url', 'node:*'],
    });
    const js = result.outputFiles.reduce((n, f) => n + f.contents.length, 0);
    const w = wasm.reduce((n, f) => n + statSync(require.resolve(f)).size, 0);
    return w === 0
      ? `${(js / 1024).toFixed(0)} KiB JS`
      : `${(js / 1024).toFixed(0)} KiB JS + ${(w / 1024).toFixed(0)} KiB wasm`;
  } catch (error) {
    return `bundle failed: ${(error as Error).message.split('\n')[0]}`;
  }
}

async function main(): Promise<void> {
  const list = await candidates();
  const small = sample(1024);
  const large = sample(100 * 1024);
  const cold = {
    unbash: 'unbash',
    'web-tree-sitter + tree-sitter-bash': 'tree-sitter',
    'sh-syntax (async)': 'sh-syntax',
  } as Record<string, string>;
  const sizes: Record<string, Promise<string>> = {
    unbash: bundleKb('unbash', []),
    'web-tree-sitter + tree-sitter-bash': bundleKb('web-tree-sitter', [
      'web-tree-sitter/web-tree-sitter.wasm',
      'tree-sitter-bash/tree-sitter-bash.wasm',
    ]),
    'sh-syntax (async)': bundleKb('sh-syntax', ['sh-syntax/main.wasm']),
  };
  console.log(
    `1 KB sample: ${small.length} chars; 100 KB sample: ${large.length} chars; ${CASES.length} correctness cases`,
  );
  console.log(
    '| parser | commands found | 1 KB p50 / p99 (µs) | 100 KB p50 / p99 (ms) | cold start (ms) | browser bundle | sync API |',
  );
  console.log('|---|---|---|---|---|---|---|');
  for (const c of list) {
    let ok = 0;
    let parsed = 0;
    const misses: string[] = [];
    for (const [source, expected] of CASES) {
      const got = await c.commands(source);
      if (typeof got !== 'string' || !got.startsWith('error')) parsed++;
      if (typeof got !== 'string' && sameMultiset(got, expected)) ok++;
      else misses.push(`${JSON.stringify(source)} → ${typeof got === 'string' ? got : got.join(',')}`);
    }
    const t1 = await percentiles(() => c.time(small), 2000);
    const t100 = await percentiles(() => c.time(large), 60);
    const coldMs = coldStart(cold[c.name] as string);
    const sync =
      c.name === 'unbash'
        ? 'yes'
        : c.name.startsWith('web-tree')
          ? 'parse yes, init async'
          : 'no (every parse is a Promise)';
    console.log(
      `| ${c.name} | ${ok}/${CASES.length} (no error: ${parsed}) | ${t1.p50.toFixed(1)} / ${t1.p99.toFixed(1)} | ${(t100.p50 / 1000).toFixed(2)} / ${(t100.p99 / 1000).toFixed(2)} | ${coldMs.toFixed(1)} | ${await sizes[c.name]} | ${sync} |`,
    );
    if (process.argv.includes('--misses')) for (const m of misses) console.log(`    miss: ${m}`);
  }
  await modelTimes(small, large);
}

/** Short commands the way agents write them. */
const TYPICAL: readonly string[] = [
  'git push -f origin main',
  'cd packages/engine && npx vitest run test/shell/cases.test.ts 2>&1 | tail -20',
  "sudo env FOO=1 bash -c 'git push --force origin main'",
  'cat > .env <<EOF\nKEY=1\nEOF',
  'find . -name "*.ts" | xargs grep -n TODO | head -50 > todo.txt',
  'kubectl --context prod -n web get pods -o wide',
];

/** The whole model (parse + walk + normalise + effects), uncached (options bypass the memo) and cached. */
async function modelTimes(small: string, large: string): Promise<void> {
  const typical = TYPICAL;
  const fresh = { maxDepth: 8 };
  let i = 0;
  const t = await percentiles(() => parseShell(typical[i++ % typical.length] as string, fresh), 12000);
  const hit = await percentiles(() => parseShell(typical[i++ % typical.length] as string), 12000);
  const t1 = await percentiles(() => parseShell(small, fresh), 2000);
  const t100 = await percentiles(() => parseShell(large, fresh), 40);
  console.log('');
  console.log('| parseShell (model) | p50 | p99 |');
  console.log('|---|---|---|');
  console.log(`| typical 23–80 B commands, uncached | ${t.p50.toFixed(1)} µs | ${t.p99.toFixed(1)} µs |`);
  console.log(`| same, memo hit | ${hit.p50.toFixed(2)} µs | ${hit.p99.toFixed(2)} µs |`);
  console.log(`| 1 KB | ${t1.p50.toFixed(1)} µs | ${t1.p99.toFixed(1)} µs |`);
  console.log(
    `| 100 KB (stops at ${parseShell(large, fresh).commands.length} commands) | ${(t100.p50 / 1000).toFixed(2)} ms | ${(t100.p99 / 1000).toFixed(2)} ms |`,
  );
  modelOverhead(typical);
  console.log(
    `\nload average during the run: ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} (2 cores)`,
  );
}

/**
 * What the model adds to unbash's own parse, in CPU µs per call (process.cpuUsage, not wall time: the machine is
 * shared, and the best of several interleaved rounds is kept so load hits every column alike). "parse + parts" is
 * unbash with every lazy word part resolved: work the model cannot avoid for words it must read.
 */
function modelOverhead(short: readonly string[]): void {
  const unbash = parseForOverhead;
  const sets: readonly (readonly [string, readonly string[]])[] = [
    ['short 23–80 B commands', Array.from({ length: 4000 }, (_, i) => short[i % short.length] as string)],
    ['typical 1 KB (typical1k)', Array.from({ length: 3000 }, (_, i) => typical1k(i))],
    ['dense 1 KB chain (chain1k)', Array.from({ length: 3000 }, (_, i) => chain1k(i))],
  ];
  const fresh = { maxDepth: 8 };
  const columns: readonly (readonly [string, (s: string) => unknown])[] = [
    ['parse', (s) => unbash.parse(s)],
    ['parse + parts', (s) => unbash.visitAll(unbash.parse(s))],
    ['parseShell', (s) => parseShell(s, fresh)],
  ];
  console.log('');
  console.log('| CPU µs per call | unbash parse | parse + parts | parseShell | model overhead over parse |');
  console.log('|---|---|---|---|---|');
  for (const [name, list] of sets) {
    const best = columns.map(() => Infinity);
    for (const [, fn] of columns) for (const s of list.slice(0, 500)) fn(s);
    for (let round = 0; round < 7; round++) {
      columns.forEach(([, fn], c) => {
        const t0 = process.cpuUsage();
        for (const s of list) fn(s);
        const d = process.cpuUsage(t0);
        best[c] = Math.min(best[c] as number, (d.user + d.system) / list.length);
      });
    }
    const [parse, parts, model] = best as [number, number, number];
    console.log(
      `| ${name} | ${parse.toFixed(2)} | ${parts.toFixed(2)} | ${model.toFixed(2)} | ${(model - parse).toFixed(2)} |`,
    );
  }
}

const parseForOverhead = await (async () => {
  const unbash = await import('unbash');
  const visitAll = (node: import('unbash').SyntaxNode): void => unbash.forEachChild(node, visitAll);
  return { parse: unbash.parse, visitAll };
})();

const cold = process.argv.indexOf('--cold');
if (cold !== -1) await runCold(process.argv[cold + 1] ?? 'unbash');
else if (process.argv.includes('--overhead')) modelOverhead(TYPICAL);
else await main();
