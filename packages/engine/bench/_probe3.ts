import picomatch from 'picomatch/posix';
for (const n of [100, 1000]) {
  const names = ['edit', 'read', 'bash', 'write'];
  const ms = Array.from({ length: n }, (_, i) => picomatch(names[i % 4]!, { dot: true }) as (s: string) => boolean);
  const strs = Array.from({ length: n }, (_, i) => names[i % 4]!);
  const inputs = ['bash', 'read', 'edit', 'grep'];
  let hits = 0;
  for (let w = 0; w < 2000; w++) for (const m of ms) hits += m(inputs[w & 3]!) ? 1 : 0;
  const it = 200000 / n * 10;
  let t0 = process.hrtime.bigint();
  for (let w = 0; w < it; w++) for (const m of ms) { hits += m(inputs[w & 3]!) ? 1 : 0; hits += m(inputs[(w + 1) & 3]!) ? 1 : 0; }
  const pm = Number(process.hrtime.bigint() - t0) / it / 1e3;
  t0 = process.hrtime.bigint();
  for (let w = 0; w < it; w++) for (const s of strs) { hits += s === inputs[w & 3] ? 1 : 0; }
  const eq = Number(process.hrtime.bigint() - t0) / it / 1e3;
  console.log(`${n} contracts: picomatch name+raw check per event ${pm.toFixed(2)} µs; string equality ${eq.toFixed(2)} µs`, hits > 0);
}
