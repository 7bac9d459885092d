// One cold start, in a fresh process: import the built bundle, run the opencode 1.18 factory, then wait until the
// plugin is ready to judge a call (config discovery, load with every preset extended, compile: the factory starts
// them in the background and every hook but `config` waits for them), then a session's first message and its first
// bash call. Prints JSON timings in milliseconds: `import` + `factory` is what opencode waits for at its start; `ready`
// is from the import's start until a hook could answer (any hook waits for the same start, so an event with nothing in
// it stands for all of them); `cpu` is the process's CPU time (user + system, all threads) over the same span, which a
// busy machine disturbs less. Then a session's first message and its first bash call (an honest call every build
// allows): `bash` / `cpuBash` are the call itself, `cpuFirstBash` the CPU time from the import's start until its
// verdict. Work a build does after `ready` (loading the shell model in the background) is paid by then, so
// `cpuFirstBash` is the figure that keeps a build from looking faster by deferring work. (cold-ab.mjs gives these
// processes an empty HOME: the first message takes the integrity baseline of the code caches in HOME, which measures
// the machine's caches, not the plugin.)
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
// The first bash call of a session: its first message, then an honest command (every build allows it).
const session = 'ses_cold_start';
await hooks['chat.message']?.(
  { sessionID: session },
  { message: { agent: 'build', id: 'msg_1', sessionID: session }, parts: [{ type: 'text', text: 'start' }] },
);
const t4 = performance.now();
const cpuMessage = process.cpuUsage(cpu0);
await hooks['tool.execute.before'](
  { tool: 'bash', sessionID: session, callID: 'call_1' },
  { args: { command: 'git status --short && npm run build && git diff --stat HEAD', description: 'build' } },
);
const t5 = performance.now();
const cpuBash = process.cpuUsage(cpu0);
const ms = (c) => (c.user + c.system) / 1000;
process.stdout.write(
  JSON.stringify({
    import: t1 - t0,
    factory: t2 - t1,
    total: t2 - t0,
    ready: t3 - t0,
    cpu: ms(cpu),
    message: t4 - t3,
    bash: t5 - t4,
    cpuBash: ms(cpuBash) - ms(cpuMessage),
    cpuFirstBash: ms(cpuBash),
  }),
);
// The sandbox starts in the background and its proxies would keep this process alive.
process.exit(0);
