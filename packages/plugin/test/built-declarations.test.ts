// The package's published types, as a consumer compiles them: the built dist/index.d.ts (run the build first; `npm
// test` does) against opencode 1.18's own `@opencode-ai/plugin`, with the TypeScript compiler. One fixture must
// compile (the default export is a `PluginModule`), one must fail with exactly the expected errors (so the check
// cannot pass on declarations that degraded to `any`), and every package the declarations name must be an optional
// peer of the manifest (the runtime bundle imports none; only a consumer's type checker reads them).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist');
const fixtures = join(root, 'test/fixtures/declarations');

/** What a consumer's strict tsconfig checks, with library checking on so the package's own .d.ts files are read. */
const OPTIONS: ts.CompilerOptions = {
  strict: true,
  noEmit: true,
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  types: [],
  skipLibCheck: false,
};

interface Problem {
  readonly file: string;
  readonly line: number;
  readonly code: number;
}

/** The errors in the fixture and in the package's own declarations (not in opencode's or its dependencies'). */
function compile(fixture: string): Problem[] {
  const program = ts.createProgram([join(fixtures, fixture)], OPTIONS);
  const ours = program
    .getSourceFiles()
    .filter((f) => f.fileName === join(fixtures, fixture) || resolve(f.fileName).startsWith(`${dist}/`));
  // INVARIANT: the fixture reached the built declarations, or a pass would say nothing about them.
  expect(ours.map((f) => relative(root, f.fileName))).toContain('dist/index.d.ts');
  return [
    ...ts.getPreEmitDiagnostics(program).filter((d) => d.file === undefined),
    ...ours.flatMap((f) => [...program.getSyntacticDiagnostics(f), ...program.getSemanticDiagnostics(f)]),
  ].map((d) => ({
    file: d.file ? relative(root, d.file.fileName) : '(global)',
    line: d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start).line + 1 : 0,
    code: d.code,
  }));
}

function declarationFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? declarationFiles(join(dir, e.name)) : e.name.endsWith('.d.ts') ? [join(dir, e.name)] : [],
  );
}

describe("the built declarations against opencode's plugin types", { timeout: 120_000 }, () => {
  beforeAll(() => {
    if (!existsSync(join(dist, 'index.d.ts')))
      throw new Error('dist/index.d.ts is missing: run `npm run build -w opencode-semantic-anchors` first');
  });

  it('the default export is a PluginModule whose server is a Plugin returning opencode Hooks', () => {
    expect(compile('fits-opencode.ts')).toEqual([]);
  });

  it('misuse does not compile: the declarations are real types, not any', () => {
    const lines = readFileSync(join(fixtures, 'misuse.ts'), 'utf8').split('\n');
    const line = (text: string) => lines.findIndex((l) => l.includes(text)) + 1;
    expect(compile('misuse.ts')).toEqual([
      { file: 'test/fixtures/declarations/misuse.ts', line: line('notAPlugin'), code: 2322 },
      { file: 'test/fixtures/declarations/misuse.ts', line: line("{ tool: 'bash' }"), code: 2345 },
    ]);
  });

  it('every package the declarations import is an optional peer dependency, never the unpublished engine', () => {
    const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
    const imported = new Set<string>();
    for (const file of declarationFiles(dist))
      for (const m of readFileSync(file, 'utf8').matchAll(/from ['"]([^'".][^'"]*)['"]/g))
        imported.add(m[1]!.startsWith('@') ? m[1]!.split('/').slice(0, 2).join('/') : m[1]!.split('/')[0]!);
    expect([...imported]).toEqual(['@opencode-ai/plugin']);
    for (const name of imported) {
      expect(manifest.peerDependencies?.[name], name).toBeDefined();
      expect(manifest.peerDependenciesMeta?.[name]?.optional, name).toBe(true);
      expect(manifest.dependencies?.[name], name).toBeUndefined();
    }
  });
});
