// Where `replay` reads from, in Node: export files, folders of them, stdin, decision logs — and, given nothing, the
// project's own sessions through opencode's CLI (`opencode session list`, `opencode export`), never its database.
import { spawn } from 'node:child_process';
import { createReadStream, createWriteStream, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { ExportError, ExportReader, type ExportSource } from '../hosts/opencode/index.js';

export const fileSource = (path: string): ExportSource => ({
  name: path,
  rereadable: true,
  chunks: () => createReadStream(path, { highWaterMark: 64 * 1024 }),
});

export const stdinSource = (): ExportSource => ({ name: '<stdin>', rereadable: false, chunks: () => process.stdin });

export const isDecisionLog = (path: string): boolean => path.endsWith('.jsonl');

/** The inputs named on the command line: files as given, folders by their *.json and *.jsonl files (sorted). */
export function expandInputs(inputs: readonly string[]): { files: string[]; problems: string[] } {
  const files: string[] = [];
  const problems: string[] = [];
  for (const input of inputs) {
    if (input === '-') {
      files.push('-');
      continue;
    }
    let isDir = false;
    try {
      isDir = statSync(input).isDirectory();
    } catch (error) {
      problems.push(
        `${input}: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file or folder' : String(error)}`,
      );
      continue;
    }
    if (!isDir) files.push(input);
    else
      files.push(
        ...readdirSync(input)
          .filter((f) => f.endsWith('.json') || f.endsWith('.jsonl'))
          .sort()
          .map((f) => join(input, f)),
      );
  }
  return { files, problems };
}

/** Reads a decision log line by line (bounded memory). */
export async function* logLines(path: string): AsyncGenerator<string> {
  const lines = createInterface({
    input: createReadStream(path, { encoding: 'utf8' }),
    crlfDelay: Number.POSITIVE_INFINITY,
  });
  for await (const line of lines) yield line;
}

/** The opencode binary: $OPENCODE_BIN, else `opencode` on PATH. */
export function opencodeBinary(env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (env.OPENCODE_BIN) return env.OPENCODE_BIN;
  for (const dir of (env.PATH ?? '').split(delimiter)) {
    const candidate = join(dir, 'opencode');
    try {
      if (statSync(candidate).isFile()) return candidate;
    } catch (error) {
      void error; // Not in this folder: try the next one.
    }
  }
  return undefined;
}

const TIMEOUT_MS = 120_000;

/** Runs the opencode CLI in `cwd`, its stdout into `out` (a file) or returned; bounded in time. */
function runOpencode(binary: string, args: string[], cwd: string, out?: string): Promise<string> {
  return new Promise((done, fail) => {
    const child = spawn(binary, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let text = '';
    let err = '';
    const timer = setTimeout(() => child.kill('SIGKILL'), TIMEOUT_MS);
    // Written to a file as it comes: an export can be far larger than this process should hold.
    const file = out ? createWriteStream(out) : undefined;
    const written = file ? new Promise<void>((ok, bad) => file.on('finish', ok).on('error', bad)) : Promise.resolve();
    if (file) child.stdout.pipe(file);
    else child.stdout.on('data', (d: Buffer) => (text += d.toString('utf8')));
    child.stderr.on('data', (d: Buffer) => (err = (err + d.toString('utf8')).slice(-2000)));
    child.on('error', (error) => (clearTimeout(timer), fail(error)));
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (code !== 0)
        return fail(
          new Error(
            `opencode ${args.join(' ')} ${signal ? `was stopped (${signal})` : `exited ${code}`}: ${err.trim()}`,
          ),
        );
      written.then(() => done(text), fail);
    });
  });
}

/** The subagent sessions an export's task calls started (state.metadata.sessionId). */
async function childSessions(path: string): Promise<string[]> {
  const out: string[] = [];
  const reader = new ExportReader(path, {
    info: () => undefined,
    message: (m) => {
      const parts = (m as { parts?: unknown })?.parts;
      for (const p of Array.isArray(parts) ? parts : []) {
        const id = (p as { state?: { metadata?: { sessionId?: unknown } } })?.state?.metadata?.sessionId;
        if ((p as { tool?: unknown })?.tool === 'task' && typeof id === 'string') out.push(id);
      }
    },
  });
  try {
    for await (const chunk of createReadStream(path)) reader.write(chunk as Buffer);
    reader.end();
  } catch (error) {
    if (!(error instanceof ExportError)) throw error;
    // The replay reads the file again and reports the damage where it is.
  }
  return out;
}

/**
 * Exports the project's sessions (those `opencode session list` shows for `cwd`) and the subagent sessions they
 * started into a temporary folder; returns the files and a remover.
 */
export async function exportProjectSessions(
  binary: string,
  cwd: string,
): Promise<{ files: string[]; remove: () => void; ids: string[] }> {
  const listed: unknown = JSON.parse((await runOpencode(binary, ['session', 'list', '--format', 'json'], cwd)) || '[]');
  const roots = Array.isArray(listed)
    ? listed.map((s) => (s as { id?: unknown })?.id).filter((id): id is string => typeof id === 'string')
    : [];
  const dir = mkdtempSync(join(tmpdir(), 'semantic-anchors-replay-'));
  const files: string[] = [];
  const seen = new Set<string>();
  const queue = [...roots];
  while (queue.length > 0) {
    const id = queue.shift()!;
    if (seen.has(id) || !/^[A-Za-z0-9_-]{1,100}$/.test(id)) continue;
    seen.add(id);
    const file = join(dir, `${id}.json`);
    await runOpencode(binary, ['export', id], cwd, file);
    files.push(file);
    queue.push(...(await childSessions(file)));
  }
  return { files, ids: [...seen], remove: () => rmSync(dir, { recursive: true, force: true }) };
}

export const absolute = (p: string): string => resolve(p);
