// One plugin start in a fresh process, with the sandbox: the factory (what opencode waits for) and, after it, how
// long the first bash call waits for the sandbox runtime (import of the library, checks, initialise, proof).
// Prints JSON timings in milliseconds, then exits (the sandbox's proxies would keep the process alive).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
const [entry] = process.argv.slice(2);
const project = mkdtempSync(join(tmpdir(), 'sa-sandbox-start-'));
process.env.XDG_CONFIG_HOME = mkdtempSync(join(tmpdir(), 'sa-sandbox-start-xdg-'));
const mod = await import(entry);
const client = { app: { log: async () => ({ data: true }) }, tui: { showToast: async () => ({ data: true }) } };
const t0 = performance.now();
const hooks = await mod.default.server({ directory: project, worktree: project, client }, {});
const t1 = performance.now();
await hooks['tool.execute.before']({ tool: 'bash', sessionID: 's', callID: 'c' }, { args: { command: 'true' } });
const t2 = performance.now();
process.stdout.write(JSON.stringify({ factory: t1 - t0, sandboxStart: t2 - t1 }));
process.exit(0);
