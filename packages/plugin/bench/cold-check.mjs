// The cold-start comparison's sanity check, in a fresh process like cold-start.mjs: after the start, the plugin
// must judge with every preset loaded (a force push to main is blocked) and must have logged no problem at its start. A build that failed to load
// its contract file would start faster and win the comparison for nothing.
const [entry, project] = process.argv.slice(2);
const problems = [];
const log = async (input) => {
  const body = input?.body ?? input;
  if (body?.level === 'error' || body?.level === 'warn') problems.push(String(body.message).slice(0, 300));
  return { data: true };
};
const client = { app: { log }, tui: { showToast: async () => ({ data: true }) } };
const mod = await import(entry);
const hooks = await mod.default.server({ directory: project, worktree: project, client }, {});
await hooks.event({ event: { type: 'server.connected', properties: {} } });
const atStart = [...problems];
const session = 'ses_cold_check';
await hooks['chat.message']?.(
  { sessionID: session },
  { message: { agent: 'build', id: 'msg_1', sessionID: session }, parts: [{ type: 'text', text: 'start' }] },
);
let blocked = false;
try {
  await hooks['tool.execute.before'](
    { tool: 'bash', sessionID: session, callID: 'call_1' },
    { args: { command: 'git push --force origin main', description: 'push' } },
  );
} catch {
  blocked = true;
}
process.stdout.write(JSON.stringify({ blocked, problems: atStart }));
process.exit(0);
