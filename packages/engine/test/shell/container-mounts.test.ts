// A container that sees this machine's folders writes them: `docker run -v "$PWD":/local … -o /local/src/api` writes
// src/api here (round 44's generator in docker). Read-only mounts, named volumes and containers without a mount keep
// their writes inside the container.
import { describe, expect, it } from 'vitest';
import { parseShell } from '../../src/shell/index.js';

const effects = (source: string): { kind: string; path: string; remote?: string }[] =>
  parseShell(source).effects.map((e) => ({ kind: e.kind, path: e.path, ...(e.remote ? { remote: e.remote } : {}) }));

describe('a bind mount of the call folder', () => {
  it.each([
    [
      'docker run --rm -v ${PWD}:/local openapitools/openapi-generator-cli generate -i /local/api.yaml -g go -o /local/src/gen',
    ],
    [
      'docker run --rm -v "$PWD":/local openapitools/openapi-generator-cli:v7.4.0 generate -i /local/api.yaml -g go -o /local/src/gen',
    ],
    [
      'docker run --rm -v "$(pwd)":/local openapitools/openapi-generator-cli generate -i /local/api.yaml -g go -o /local/src/gen',
    ],
    [
      'docker run --rm -v .:/local openapitools/openapi-generator-cli generate -i /local/api.yaml -g go -o /local/src/gen',
    ],
    [
      'docker run --rm --mount type=bind,source=.,target=/local openapitools/openapi-generator-cli generate -g go -o /local/src/gen',
    ],
    ['podman run --rm -v $PWD:/local:z openapitools/openapi-generator-cli generate -g go -o /local/src/gen'],
  ])('writes here what the container writes under its target: %s', (source) => {
    expect(effects(source)).toContainEqual({ kind: 'write', path: 'src/gen/**' });
  });

  it('a relative path in the container is under its -w folder', () => {
    expect(effects('docker run -v "$PWD":/app -w /app/web node sh -c "echo x > src/out.ts"')).toContainEqual({
      kind: 'write',
      path: 'web/src/out.ts',
    });
  });

  it('a mount of a sub-folder: the innermost target wins', () => {
    expect(effects('docker run -v "$PWD":/app -v "$PWD/build":/app/out node cp a /app/out/b.js')).toContainEqual({
      kind: 'write',
      path: 'build/b.js',
    });
  });

  it('a mount made in a folder the call moved to', () => {
    expect(effects('cd services/api && docker run -v $PWD:/src alpine rm -rf /src/lib')).toContainEqual({
      kind: 'delete',
      path: 'services/api/lib',
    });
  });
});

describe('writes that stay in the container', () => {
  it('a read-only mount', () => {
    const found = effects('docker run -v "$PWD":/app:ro node rm -rf /app/lib');
    expect(found.find((e) => e.kind === 'delete')).toMatchObject({ path: '/app/lib', remote: 'docker run node' });
  });

  it('a named volume', () => {
    const found = effects('docker run -v node_modules:/app/node_modules node rm -rf /app/node_modules/x');
    expect(found.find((e) => e.kind === 'delete')).toMatchObject({ remote: 'docker run node' });
    expect(found.find((e) => e.kind === 'delete')?.path).not.toMatch(/^node_modules/);
  });

  it('a path outside every target', () => {
    const found = effects('docker run -v "$PWD":/app node rm -rf /tmp/cache');
    expect(found.find((e) => e.kind === 'delete')).toMatchObject({ path: '/tmp/cache', remote: 'docker run node' });
  });

  it('-w with no mount: the relative path is the container folder, not this one', () => {
    const found = effects('docker run --rm -w /work node rm -rf src');
    expect(found.find((e) => e.kind === 'delete')).toMatchObject({ remote: 'docker run node' });
    expect(found.find((e) => e.kind === 'delete')?.path).not.toBe('src');
  });
});

describe('dirname and basename of a folder variable kept as written', () => {
  it('dirname "$PWD" is its parent', () => {
    expect(effects('rm -rf "$(dirname "$PWD")"/src')).toContainEqual({ kind: 'delete', path: '$PWD/../src' });
  });

  it('basename "$PWD" is not known', () => {
    const model = parseShell('cd "$(basename "$PWD")" && rm -rf build');
    expect(model.effects.find((e) => e.kind === 'delete')?.path).not.toBe('$PWD/build');
  });
});
