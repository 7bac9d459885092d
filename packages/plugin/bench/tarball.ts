// Tarball figures: what `npm pack` of the plugin would publish (packed and unpacked bytes, the largest files, the
// JSON Schema and the source maps), read from npm's own dry run so the numbers are the ones users download.
import { execFileSync } from 'node:child_process';

export interface TarballFigures {
  packedBytes: number;
  unpackedBytes: number;
  files: number;
  schemaBytes: number;
  sourceMapBytes: number;
  largest: { path: string; bytes: number }[];
}

export function measureTarball(packageDir: string): TarballFigures {
  // npm_* settings inherited from `npm run bench` (workspace, prefix) would make the dry run pack something else.
  const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^npm_/i.test(key)));
  const out = execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
    cwd: packageDir,
    env,
    encoding: 'utf8',
  });
  const [pack] = JSON.parse(out) as { size: number; unpackedSize: number; files: { path: string; size: number }[] }[];
  if (!pack) throw new Error(`npm pack --dry-run in ${packageDir} reported nothing`);
  const bytes = (test: (path: string) => boolean) =>
    pack.files.filter((f) => test(f.path)).reduce((sum, f) => sum + f.size, 0);
  return {
    packedBytes: pack.size,
    unpackedBytes: pack.unpackedSize,
    files: pack.files.length,
    schemaBytes: bytes((p) => p === 'schema/v1.json'),
    sourceMapBytes: bytes((p) => p.endsWith('.map')),
    largest: [...pack.files]
      .sort((a, b) => b.size - a.size)
      .slice(0, 4)
      .map((f) => ({ path: f.path, bytes: f.size })),
  };
}
