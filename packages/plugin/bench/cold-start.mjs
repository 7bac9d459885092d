// One cold start, in a fresh process: import the built bundle, run the opencode 1.18 factory, then wait until the
// plugin is ready to judge a call (config discovery, load with every preset extended, compile: the factory starts
// them in the background and every hook but `config` waits for them). Prints JSON timings in milliseconds:
// `import` + `factory` is what opencode waits for at its start; `ready` is from the import's start until a hook
// could answer (any hook waits for the same start, so an event with nothing in it stands for all of them); `cpu` is
// the process's CPU time (user + system, all threads) over the same span, which a busy machine disturbs less.
//
// SA_COLD_PRELOAD (a comma list, as host-builtins.mjs finds it): built-ins to load before the clock starts, those a
// real opencode has loaded when it loads a plugin; `node:fs#ReadStream` also reads fs's lazy stream getter.
const [entry, project] = process.argv.slice(2);
for (const item of (process.env.SA_COLD_PRELOAD ?? '').split(',').filter(Boolean)) {
  const [name, prop] = item.split('#');
  const m = process.getBuiltinModule(name);
  if (prop) void m[prop];
}
const cpu0 = process.cpuUsage();
const t0 = performance.now();
const mod = await import(entry);
const t1 = performance.now();
const client = { app: { log: async () => ({ data: true }) }, tui: { showToast: async () => ({ data: true }) } };
const hooks = await mod.default.server({ directory: project, worktree: project, client }, {});
const t2 = performance.now();
await hooks.event({ event: { type: 'server.connected', properties: {} } });
const t3 = performance.now();
const cpu = process.cpuUsage(cpu0);
process.stdout.write(
  JSON.stringify({
    import: t1 - t0,
    factory: t2 - t1,
    total: t2 - t0,
    ready: t3 - t0,
    cpu: (cpu.user + cpu.system) / 1000,
  }),
);
// The sandbox starts in the background and its proxies would keep this process alive.
process.exit(0);
