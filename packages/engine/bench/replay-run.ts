// One replay of one file, in its own process so its peak memory is its own: prints a JSON line with the calls,
// the time and the peak heap seen (sampled). Run by replay.bench.ts under /usr/bin/time -v for the peak RSS.
//   tsx bench/replay-run.ts <file> [stream|parse]
import { createReadStream, readFileSync } from 'node:fs';
import { compile, loadConfig } from '../src/index.js';
import { replayExports } from '../src/hosts/opencode/index.js';

const [file, mode = 'stream'] = process.argv.slice(2);
let peakHeap = 0;
const sample = setInterval(() => (peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed)), 20);
const started = performance.now();
let calls = 0;
let blocked = 0;
if (mode === 'parse') {
  // The baseline the streaming reader is measured against: the whole document in memory at once.
  const doc = JSON.parse(readFileSync(file!, 'utf8')) as { messages: unknown[] };
  calls = doc.messages.length;
} else {
  const policy = compile(loadConfig('version: 1\nextends: [software-developer]\n', { file: 'bench.yaml' }).config, {
    root: '/home/dev/shop',
  });
  await replayExports(
    [{ name: file!, rereadable: true, chunks: () => createReadStream(file!, { highWaterMark: 64 * 1024 }) }],
    {
      policy: () => policy,
      onCall: (c) => {
        calls++;
        if (c.decision === 'BLOCK') blocked++;
      },
    },
  );
}
const ms = performance.now() - started;
clearInterval(sample);
peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed);
process.stdout.write(`${JSON.stringify({ calls, blocked, ms, peakHeapMB: peakHeap / 1048576 })}\n`);
