import { parseShell } from './src/shell/index.js';
for (const src of process.argv.slice(2)) {
  const m = parseShell(src, undefined, { branch: 'feat/x' } as never) as any;
  console.log(JSON.stringify(src).slice(0, 70).padEnd(72), '→', m.commands.map((c: any) => [c.program, ...c.argv].join(' ')).filter((x: string) => x.includes('publish')).join(' | ') || '(none)', m.opaque.map((o: any) => o.reason).join(','));
}
