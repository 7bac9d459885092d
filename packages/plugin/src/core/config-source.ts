// Finds the configuration file and reads it (with the files it `extends`), then hands the text to the engine.
// Discovery order, first found wins: the plugin option `config` → the project's .opencode file → the user's file.
import { readFileSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { isAbsolute, join, resolve } from 'node:path';

export const CONFIG_FILE_NAME = 'opencode-semantic-anchors.yaml';
/** Used when no file is found: the software-developer preset. */
export const DEFAULT_CONFIG_TEXT = 'version: 1\nextends: [software-developer]\n';
export const DEFAULT_CONFIG_NAME = '<default: extends software-developer>';

export type ConfigPlace = 'option' | 'project' | 'user' | 'default';

export interface ConfigCandidate {
  readonly place: Exclude<ConfigPlace, 'default'>;
  readonly path: string;
}

export interface DiscoveryInput {
  /** The project directory opencode runs in. */
  readonly directory: string;
  /** The plugin option `config`, relative to the project directory or absolute. */
  readonly optionPath?: string | undefined;
  readonly env?: Readonly<Record<string, string | undefined>>;
  readonly home?: string;
}

/** Every place a configuration may live, in the order they are tried. */
export function configCandidates(input: DiscoveryInput): ConfigCandidate[] {
  const env = input.env ?? process.env;
  const home = input.home ?? homedir();
  const out: ConfigCandidate[] = [];
  if (input.optionPath !== undefined && input.optionPath !== '') {
    out.push({
      place: 'option',
      path: isAbsolute(input.optionPath) ? input.optionPath : resolve(input.directory, input.optionPath),
    });
  }
  out.push({ place: 'project', path: join(input.directory, '.opencode', CONFIG_FILE_NAME) });
  // XDG honoured, as opencode itself does for ~/.config/opencode.
  const xdg = env.XDG_CONFIG_HOME && isAbsolute(env.XDG_CONFIG_HOME) ? env.XDG_CONFIG_HOME : join(home, '.config');
  out.push({ place: 'user', path: join(xdg, 'opencode', CONFIG_FILE_NAME) });
  return out;
}

export interface Discovery {
  readonly found: ConfigCandidate | undefined;
  readonly tried: readonly ConfigCandidate[];
}

export function discoverConfig(input: DiscoveryInput): Discovery {
  const tried = configCandidates(input);
  return { found: tried.find((c) => isFile(c.path)), tried };
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch (error) {
    // ENOENT is the ordinary "not here"; anything else (EACCES) still means "not usable here" and is reported
    // by readText when the file is named explicitly.
    if (isErrno(error) && error.code !== 'ENOENT' && error.code !== 'ENOTDIR') return true;
    return false;
  }
}

export type ReadResult = { readonly ok: true; readonly text: string } | { readonly ok: false; readonly error: string };

/** Reads a UTF-8 text file; the failure is returned, not thrown, so the caller can fall back visibly. */
export function readText(path: string): ReadResult {
  try {
    return { ok: true, text: readFileSync(path, 'utf8') };
  } catch (error) {
    return { ok: false, error: isErrno(error) ? `${error.code ?? 'error'}: ${error.message}` : String(error) };
  }
}

/** The reader the engine uses for relative `extends`: undefined when the file cannot be read. */
export function readExtended(path: string): string | undefined {
  const r = readText(path);
  return r.ok ? r.text : undefined;
}

function isErrno(error: unknown): error is NodeJS.ErrnoException {
  return error instanceof Error && 'code' in error;
}
