import { spawn } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

// The sandbox library adds a once-listener for SIGINT/SIGTERM that cleans up and never exits; this pins down
// that keepSignalsEnding restores the default action (the process ends by the signal) after that cleanup ran,
// and leaves the decision to the host when the host listens itself. Real child processes, real signals.
const signalsModule = pathToFileURL(fileURLToPath(new URL('../../src/sandbox/signals.ts', import.meta.url))).href;

function child(hostListens: boolean): Promise<{ code: number | null; signal: NodeJS.Signals | null; out: string }> {
  const script = `
    import { keepSignalsEnding, signalsStillDefault } from ${JSON.stringify(signalsModule)};
    ${hostListens ? "process.on('SIGTERM', () => { console.log('host-handled'); setTimeout(() => process.exit(7), 50); });" : ''}
    const wereDefault = signalsStillDefault();
    process.once('SIGTERM', () => console.log('library-cleanup'));
    keepSignalsEnding(wereDefault, async () => { console.log('reset'); });
    setInterval(() => {}, 1000);
    console.log('ready');
  `;
  return new Promise((resolve) => {
    const p = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    p.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.includes('ready') && !out.includes('sent')) {
        out += 'sent\n';
        p.kill('SIGTERM');
      }
    });
    const timer = setTimeout(() => p.kill('SIGKILL'), 5_000);
    p.on('exit', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, out });
    });
  });
}

describe('signals after the sandbox library registered its cleanup', () => {
  it('SIGTERM still ends a process that had no listener of its own, after the library cleanup and reset ran', async () => {
    const r = await child(false);
    expect(r.out).toContain('library-cleanup');
    expect(r.out).toContain('reset');
    expect(r.signal).toBe('SIGTERM');
  });

  it('leaves the decision to a host that listens for SIGTERM itself', async () => {
    const r = await child(true);
    expect(r.out).toContain('host-handled');
    expect(r.code).toBe(7);
    expect(r.signal).toBeNull();
  });
});
