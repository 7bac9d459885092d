// The plugin bundles this repository's engine, so it takes the engine's own types: when the engine changes a
// self-protection fact or a setting, the plugin must stop compiling until it follows. Each case compiles the
// plugin's core with the TypeScript compiler against an engine whose source is changed in memory (the files on disk
// are never touched), and asserts that the compiler reports the drift in the plugin file that must follow.
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const plugin = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const engineSrc = resolve(plugin, '../engine/src');
const BUILTINS = join(engineSrc, 'compile/builtins.ts');
const SETTINGS = join(engineSrc, 'load/types.ts');
// The plugin files that take the engine's types: the facts, the loader that hands them over, the audit's switch.
const ROOTS = ['src/core/protection.ts', 'src/core/policy-loader.ts', 'src/core/audit.ts'].map((f) => join(plugin, f));

function options(): ts.CompilerOptions {
  const file = join(plugin, 'tsconfig.json');
  const config = ts.readConfigFile(file, ts.sys.readFile);
  return ts.parseJsonConfigFileContent(config.config, ts.sys, plugin, { noEmit: true }, file).options;
}

let previous: ts.Program | undefined;

/** The errors the compiler reports for the plugin's core when `file` of the engine reads as `edit` makes it. */
function compileWith(file: string, edit: (text: string) => string): { file: string; message: string }[] {
  const opts = options();
  const host = ts.createCompilerHost(opts, true);
  const read = host.readFile.bind(host);
  const original = readFileSync(file, 'utf8');
  const changed = edit(original);
  // INVARIANT: the edit must apply, or a case would pass for a drift that never happened.
  if (changed === original) throw new Error(`the edit did not change ${file}`);
  host.readFile = (name) => (resolve(name) === file ? changed : read(name));
  const program = ts.createProgram({ rootNames: ROOTS, options: opts, host, oldProgram: previous });
  previous = program;
  // Only the plugin's files are checked (the engine's own errors are the engine's tests' business): fast, and a
  // drift must show where the plugin has to follow.
  return ROOTS.flatMap((root) => {
    const source = program.getSourceFile(root);
    if (!source) throw new Error(`${root} is not in the program`);
    return [...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source)].map((d) => ({
      file: root.slice(plugin.length + 1),
      message: ts.flattenDiagnosticMessageText(d.messageText, '\n'),
    }));
  });
}

// A compiler run takes seconds on a busy machine: the cases share one program's parsed files (oldProgram).
describe('the plugin follows the engine it bundles', { timeout: 60_000 }, () => {
  it('as the engine is today, the core compiles without an error', () => {
    expect(compileWith(BUILTINS, (t) => `${t}\n`)).toEqual([]);
  });

  it('a self-protection fact the engine adds is an error until the plugin finds it', () => {
    const errors = compileWith(BUILTINS, (t) =>
      t.replace(
        'export interface ProtectOptions {',
        'export interface ProtectOptions {\n  readonly sshKeys?: readonly string[];',
      ),
    );
    expect(errors).toContainEqual({ file: 'src/core/protection.ts', message: expect.stringContaining('sshKeys') });
  });

  it('a self-protection fact the engine renames is an error, not a fact the engine silently ignores', () => {
    const errors = compileWith(BUILTINS, (t) =>
      t.replace('readonly startupFiles?: readonly string[];', 'readonly shellStartupFiles?: readonly string[];'),
    );
    expect(errors).toContainEqual({
      file: 'src/core/protection.ts',
      message: expect.stringContaining('startupFiles'),
    });
  });

  it('a renamed decision-log setting is an error in the audit, not a log that never switches on', () => {
    const errors = compileWith(SETTINGS, (t) =>
      t.replace('readonly decisionLog: boolean;', 'readonly auditLog: boolean;'),
    );
    expect(errors).toContainEqual({ file: 'src/core/audit.ts', message: expect.stringContaining('decisionLog') });
  });
});
