// Turns the discovered configuration into a compiled policy, falling back visibly: no file → the default preset
// (said once in the log); a file that cannot be read or parsed → the default preset with a warning; contracts
// that fail → skipped and reported while the others apply.
import {
  compile,
  formatDiagnostic,
  loadConfig,
  type CompiledPolicy,
  type CompileOptions,
  type Diagnostic,
  type LoadedContract,
  type LoadResult,
  type ProtectOptions,
} from '@semantic-anchors/engine/enforce';
import {
  DEFAULT_CONFIG_NAME,
  DEFAULT_CONFIG_TEXT,
  discoverConfig,
  readExtended,
  readText,
  type ConfigPlace,
} from './config-source.js';
import { protectFacts, type HostFacts } from './protection.js';
import { hostAddresses } from './host-addresses.js';

export interface PolicySnapshot {
  readonly policy: CompiledPolicy;
  /** The contracts as loaded (with their examples, which the compiled policy does not keep), extended ones included. */
  readonly contracts: readonly LoadedContract[];
  /** The engine's load result the policy was compiled from (for `doctor`, which runs the examples on it). */
  readonly load: LoadResult;
  /** Where the configuration came from; 'default' when none was found or it was unusable. */
  readonly place: ConfigPlace;
  /** The file read (absolute), or the default's name. */
  readonly file: string;
  /** Problems found while loading, positioned; the status text and the log show them. */
  readonly diagnostics: readonly Diagnostic[];
  /** Things the human should know about this load (fallbacks, skipped contracts), one line each. */
  readonly warnings: readonly string[];
  /** Said once in the log when the default was used because there was no file at all. */
  readonly info: string | undefined;
  /** What the built-in self-protection guards for this load (contract files, host files, server, secrets), all given. */
  readonly protect: Required<ProtectOptions>;
}

export interface LoaderOptions extends HostFacts {
  readonly bypassHint?: string;
}

export function loadPolicy(options: LoaderOptions): PolicySnapshot {
  const { found, tried } = discoverConfig(options);
  const warnings: string[] = [];
  if (options.optionPath && found?.place !== 'option') {
    warnings.push(
      `The configuration named in the plugin options ("${options.optionPath}") was not found; ${found ? `using ${found.path} instead` : 'using the default'}. Fix the "config" option in opencode.json.`,
    );
  }
  if (!found) {
    const info = `No configuration file found (looked in ${tried.map((c) => c.path).join(', ')}); using the default: extends [software-developer].`;
    return { ...fromText(DEFAULT_CONFIG_TEXT, DEFAULT_CONFIG_NAME, 'default', options, warnings), info };
  }
  const read = readText(found.path);
  if (!read.ok) {
    warnings.push(
      `Could not read ${found.path} (${read.error}); using the default configuration (extends software-developer) until it is fixed and reloaded with /anchor reload.`,
    );
    return fromText(DEFAULT_CONFIG_TEXT, DEFAULT_CONFIG_NAME, 'default', options, warnings);
  }
  const snapshot = fromText(read.text, found.path, found.place, options, warnings);
  if (snapshot.unusable) {
    const first = snapshot.diagnostics.find((d) => d.severity === 'error');
    warnings.push(
      `${found.path} could not be used${first ? ` (${formatDiagnostic(first).split('\n')[0]})` : ''}; using the default configuration (extends software-developer) until it is fixed and reloaded with /anchor reload.`,
    );
    const fallback = fromText(DEFAULT_CONFIG_TEXT, DEFAULT_CONFIG_NAME, 'default', options, warnings);
    // Keep the real file's diagnostics: they are what the human must fix.
    return { ...fallback, diagnostics: [...snapshot.diagnostics, ...fallback.diagnostics] };
  }
  return snapshot;
}

function fromText(
  text: string,
  file: string,
  place: ConfigPlace,
  options: LoaderOptions,
  warnings: string[],
): PolicySnapshot & { unusable: boolean } {
  // The files read through `extends` are contract files too: the agent must not rewrite those either.
  const read: string[] = place === 'default' ? [] : [file];
  const loaded = loadConfig(text, { file, readFile: (path) => (read.push(path), readExtended(path)) });
  // This machine's own addresses: a URL to opencode's port at one of them reaches the server (engine: `reaches`).
  const host = hostAddresses();
  for (const problem of host.problems) warnings.push(`Self-protection: ${problem}.`);
  const protect: Required<ProtectOptions> = { ...protectFacts(options, read), hostAddresses: host.addresses };
  const compileOptions: CompileOptions = {
    root: options.directory,
    ...(options.bypassHint ? { bypassHint: options.bypassHint } : {}),
    protect,
    // A host fact: opencode's bash tool starts every call in a new shell in the project (or the call's workdir), so
    // what one call exports or where it cds does not reach the next (checked in opencode 1.18.33: each call spawns
    // its own process). Carrying it over would judge `rm -rf "$D"/*` with a value the real call never sees.
    shellSession: 'fresh',
  };
  const policy = compile(loaded.config, compileOptions);
  const errors = loaded.diagnostics.filter((d) => d.severity === 'error');
  const out = [...warnings];
  if (loaded.status === 'partial' && errors.length > 0) {
    out.push(
      `${file}: ${errors.length} problem${errors.length === 1 ? '' : 's'} in the configuration; the affected parts are skipped, the other contracts apply. First: ${formatDiagnostic(errors[0]!).split('\n')[0]}`,
    );
  }
  if (policy.skipped.length > 0) {
    out.push(
      `Skipped contract${policy.skipped.length === 1 ? '' : 's'} (not enforced until fixed): ${policy.skipped.map((s) => `${s.id ?? '(no id)'} (${s.error})`).join('; ')}.`,
    );
  }
  return {
    policy,
    contracts: loaded.config.contracts,
    load: loaded,
    place,
    file,
    diagnostics: loaded.diagnostics,
    warnings: out,
    info: undefined,
    protect,
    // Unusable: nothing could be read, or errors left nothing to enforce. Enforcing nothing would switch the
    // policy off without anyone deciding to, so the default applies until the file is fixed.
    unusable: loaded.status === 'unreadable' || (loaded.status === 'partial' && loaded.config.contracts.length === 0),
  };
}
