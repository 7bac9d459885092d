// Where the opencode binary is: takes a starting directory; returns the path of a runnable binary, or undefined.
// Order: $OPENCODE_BIN → the platform package of `opencode-ai` in node_modules (the real binary, present even when
// npm skipped opencode-ai's postinstall) → node_modules/.bin/opencode → every directory on PATH.

import { accessSync, constants, existsSync, readFileSync, statSync } from 'node:fs';
import { arch, platform } from 'node:os';
import { delimiter, dirname, join } from 'node:path';

export interface FoundBinary {
  readonly path: string;
  /** How it was found, for the doctor's report. */
  readonly source: 'env' | 'platform-package' | 'node_modules/.bin' | 'PATH';
}

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    // Not there or not executable: the caller tries the next candidate; nothing is lost.
    return false;
  }
}

/**
 * opencode-ai ships bin/opencode.exe as a tiny shell script that only prints "postinstall script was not run";
 * npm replaces it when it runs the postinstall. A runner that skipped install scripts leaves the stub: skip it.
 */
function isPostinstallStub(path: string): boolean {
  try {
    return statSync(path).size < 4096 && readFileSync(path, 'utf8').includes('postinstall script was not run');
  } catch (error) {
    // Unreadable: not a stub we can recognise; executing it will report its own problem.
    void error;
    return false;
  }
}

const usable = (path: string) => isExecutable(path) && !isPostinstallStub(path);

/** Names of the platform packages opencode-ai@1.18 ships its binary in, most specific first. */
export function platformPackages(): string[] {
  const os = platform() === 'win32' ? 'windows' : platform();
  const cpu = arch();
  return [
    `opencode-${os}-${cpu}`,
    `opencode-${os}-${cpu}-baseline`,
    `opencode-${os}-${cpu}-musl`,
    `opencode-${os}-${cpu}-baseline-musl`,
  ];
}

export function findOpencode(startDir: string, env: NodeJS.ProcessEnv = process.env): FoundBinary | undefined {
  const fromEnv = env.OPENCODE_BIN;
  if (fromEnv && isExecutable(fromEnv)) return { path: fromEnv, source: 'env' };
  const exe = platform() === 'win32' ? 'opencode.exe' : 'opencode';
  for (let dir = startDir; ; dir = dirname(dir)) {
    const modules = join(dir, 'node_modules');
    if (existsSync(modules)) {
      for (const pkg of platformPackages()) {
        const candidate = join(modules, pkg, 'bin', exe);
        if (isExecutable(candidate)) return { path: candidate, source: 'platform-package' };
      }
      const bin = join(modules, '.bin', 'opencode');
      if (usable(bin)) return { path: bin, source: 'node_modules/.bin' };
    }
    if (dirname(dir) === dir) break;
  }
  for (const dir of (env.PATH ?? '').split(delimiter).filter(Boolean)) {
    const candidate = join(dir, exe);
    if (usable(candidate)) return { path: candidate, source: 'PATH' };
  }
  return undefined;
}
