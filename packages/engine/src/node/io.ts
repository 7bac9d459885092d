// The CLI's side of I/O: reading files for the engine, and writing with colour only on a terminal.
import { readFileSync } from 'node:fs';
import { formatDiagnostic, type Diagnostic } from '../diagnostics.js';

export interface CliIO {
  out(line: string): void;
  err(line: string): void;
  readonly color: boolean;
}

export const processIO = (): CliIO => ({
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
  color: Boolean(process.stdout.isTTY) && !process.env.NO_COLOR,
});

/** Reads a file for the engine's `readFile` hook: undefined when it does not exist or cannot be read. */
export function readText(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    // The engine turns "undefined" into an extends-unreadable diagnostic that names the path, so nothing is lost.
    return undefined;
  }
}

/** Reads a file named on the command line, or explains why it cannot. */
export function readInput(path: string): { text: string } | { diagnostic: Diagnostic } {
  try {
    return { text: readFileSync(path, 'utf8') };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return {
      diagnostic: {
        code: 'config-unreadable',
        severity: 'error',
        file: path,
        position: { offset: 0, line: 1, col: 1 },
        message:
          code === 'ENOENT'
            ? 'no such file'
            : code === 'EISDIR'
              ? 'is a directory, not a file'
              : `cannot read the file (${code ?? String(error)})`,
        hint:
          code === 'ENOENT' ? 'check the path; it is relative to the current directory' : 'pass a readable YAML file',
      },
    };
  }
}

const paint = (io: CliIO, code: number, text: string): string => (io.color ? `\u001b[${code}m${text}\u001b[0m` : text);
export const red = (io: CliIO, t: string) => paint(io, 31, t);
export const yellow = (io: CliIO, t: string) => paint(io, 33, t);
export const green = (io: CliIO, t: string) => paint(io, 32, t);
export const dim = (io: CliIO, t: string) => paint(io, 2, t);
export const bold = (io: CliIO, t: string) => paint(io, 1, t);

export function printDiagnostic(io: CliIO, d: Diagnostic, stream: 'out' | 'err' = 'out'): void {
  const text = formatDiagnostic(d);
  const coloured =
    d.severity === 'error'
      ? text.replace(': error:', `: ${red(io, 'error')}:`)
      : d.severity === 'warning'
        ? text.replace(': warning:', `: ${yellow(io, 'warning')}:`)
        : text;
  io[stream](coloured);
}
