// The whole check of one configuration: load (syntax, schema, meaning), compile, and run every example.
import { sortDiagnostics, type Diagnostic } from '../diagnostics.js';
import { loadConfig, type LoadOptions, type LoadResult } from '../load/index.js';
import { compile, type CompileOptions, type CompiledPolicy } from '../compile/index.js';
import { runExamples, type ExampleReport } from './examples.js';

export interface ValidateOptions extends LoadOptions, CompileOptions {
  /** Run the examples of inherited presets too (default: only the files that are not bundled presets). */
  readonly examplesOfPresets?: boolean;
}

export interface ValidateResult {
  readonly load: LoadResult;
  readonly policy: CompiledPolicy;
  readonly examples: ExampleReport;
  readonly diagnostics: readonly Diagnostic[];
  readonly ok: boolean;
}

export function validate(text: string, options: ValidateOptions = {}): ValidateResult {
  return validateLoaded(loadConfig(text, options), options);
}

/** The same check for a configuration a host already loaded (the plugin's loader, so `doctor` judges what it enforces). */
export function validateLoaded(load: LoadResult, options: ValidateOptions = {}): ValidateResult {
  const policy = compile(load.config, options);
  const presetFiles = new Set(
    load.config.contracts
      .filter((c) => c.origin.preset !== undefined && c.origin.file !== load.config.files[0])
      .map((c) => c.origin.file),
  );
  const files = options.examplesOfPresets ? undefined : load.config.files.filter((f) => !presetFiles.has(f));
  const examples = runExamples(load, { ...options, ...(files ? { files } : {}) });
  const diagnostics = sortDiagnostics([...load.diagnostics, ...examples.diagnostics]);
  return { load, policy, examples, diagnostics, ok: !diagnostics.some((d) => d.severity === 'error') };
}
