// Writes a realistic large `opencode export` file for the replay bench, in the shape opencode 1.18.33 writes
// (test/fixtures/opencode-exports/session.json): pretty-printed, one user turn per 10 calls, each call an assistant
// message with step parts, the tool part (input, a 1–3 KB output, metadata) and token counts. The mix of tools
// and commands is a day of a developer's work, with a forbidden force push every 500 calls.
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';

const COMMANDS = [
  'git status',
  'npm test -- --run src/cart.test.ts',
  'ls -la src',
  'git diff --stat',
  'grep -rn "TODO" src | head -20',
  'npx tsc --noEmit',
  'git add src/cart.ts src/cart.test.ts && git commit -m "fix: round totals to cents"',
  'cat package.json | jq .scripts',
  'rm -f tmp/build.log',
  'echo "node_modules" >> .gitignore',
  'cd packages/api && npm run lint',
  'find src -name "*.ts" -newer package.json',
];
const OUTPUT = 'ok  src/cart.test.ts (12 tests) 41ms\n'.repeat(60);

function toolPart(i: number, session: string, message: string, root: string) {
  const kind = i % 10;
  let tool = 'bash';
  let input: Record<string, unknown>;
  if (i % 500 === 499) input = { command: 'git push --force origin main', description: 'push' };
  else if (kind === 3) {
    tool = 'edit';
    input = { filePath: `${root}/src/module${i % 40}.ts`, oldString: 'const a = 1;', newString: 'const a = 2;' };
  } else if (kind === 6) {
    tool = 'read';
    input = { filePath: `${root}/src/module${i % 40}.ts` };
  } else if (kind === 8) {
    tool = 'write';
    input = { filePath: `${root}/src/new${i}.ts`, content: `export const v${i} = ${i};\n`.repeat(20) };
  } else input = { command: COMMANDS[i % COMMANDS.length], description: 'work' };
  return {
    type: 'tool',
    tool,
    callID: `call_${i}`,
    state: {
      status: 'completed',
      input,
      output: OUTPUT.slice(0, 1000 + (i % 3) * 1000),
      metadata: { output: OUTPUT.slice(0, 500), exit: 0, truncated: false },
      title: 'work',
      time: { start: 1796138248442 + i, end: 1796138248442 + i + 40 },
    },
    id: `prt_${i}`,
    sessionID: session,
    messageID: message,
  };
}

/** Writes the export with `calls` tool calls to `file`; returns its size in bytes. */
export async function writeLargeExport(file: string, calls: number, root = '/home/dev/shop'): Promise<number> {
  const out = createWriteStream(file);
  let bytes = 0;
  const write = async (text: string) => {
    bytes += Buffer.byteLength(text);
    if (!out.write(text)) await once(out, 'drain');
  };
  const session = 'ses_bench';
  const info = {
    id: session,
    title: 'A long day',
    directory: root,
    agent: 'build',
    version: '1.18.33',
    time: { created: 1 },
  };
  await write(`{\n  "info": ${JSON.stringify(info, null, 2).replace(/\n/g, '\n  ')},\n  "messages": [`);
  let first = true;
  const message = async (m: unknown) => {
    await write(`${first ? '' : ','}\n    ${JSON.stringify(m, null, 2).replace(/\n/g, '\n    ')}`);
    first = false;
  };
  for (let i = 0; i < calls; i++) {
    if (i % 10 === 0)
      await message({
        info: { role: 'user', agent: 'build', id: `msg_u${i}`, sessionID: session, time: { created: i } },
        parts: [{ type: 'text', text: i % 100 === 0 ? 'continue' : 'Next: make the cart tests pass', id: `prt_u${i}` }],
      });
    const id = `msg_a${i}`;
    await message({
      info: {
        role: 'assistant',
        agent: 'build',
        mode: 'build',
        id,
        sessionID: session,
        tokens: { input: 1200, output: 80 },
        cost: 0,
      },
      parts: [
        { type: 'step-start', snapshot: 'abc', id: `prt_s${i}`, sessionID: session, messageID: id },
        toolPart(i, session, id, root),
        { type: 'step-finish', reason: 'tool-calls', tokens: { input: 1200, output: 80 }, cost: 0, id: `prt_f${i}` },
      ],
    });
  }
  await write('\n  ]\n}\n');
  out.end();
  await once(out, 'finish');
  return bytes;
}
