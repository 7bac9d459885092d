// One cold start, in a fresh process: import the built bundle, then run the opencode 1.18 factory (config
// discovery, load with every preset extended, compile). Prints JSON timings in milliseconds.
const [entry, project] = process.argv.slice(2);
const t0 = performance.now();
const mod = await import(entry);
const t1 = performance.now();
const client = { app: { log: async () => ({ data: true }) }, tui: { showToast: async () => ({ data: true }) } };
await mod.default.server({ directory: project, worktree: project, client }, {});
const t2 = performance.now();
process.stdout.write(JSON.stringify({ import: t1 - t0, factory: t2 - t1, total: t2 - t0 }));
// The sandbox starts in the background and its proxies would keep this process alive.
process.exit(0);
