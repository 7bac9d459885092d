// Missing protected paths show inside the sandbox as read-only placeholders; the sandboxed git must not see them
// (git add -A would fail on them). The list of what the library protects by itself is pinned to the installed one.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  excludesEnv,
  gitGlobalEnv,
  placeholderPatterns,
  RUNTIME_PROTECTED_NAMES,
  writeExcludesFile,
} from '../../src/sandbox/placeholders.js';

describe('placeholders', () => {
  it('lists the same names the installed sandbox runtime protects by itself', async () => {
    const utils = (await import(
      // The library's own list, from its installed files (not exported from its entry).
      '../../../../node_modules/@anthropic-ai/sandbox-runtime/dist/sandbox/sandbox-utils.js'
    )) as { DANGEROUS_FILES: readonly string[]; getDangerousDirectories(): string[] };
    expect([...RUNTIME_PROTECTED_NAMES].sort()).toEqual(
      [...utils.DANGEROUS_FILES, ...utils.getDangerousDirectories()].sort(),
    );
  });

  it('excludes the missing ones, relative to the repository top, the first missing folder for a deeper path', () => {
    const top = realpathSync(mkdtempSync(join(tmpdir(), 'sa-ph-')));
    mkdirSync(join(top, '.vscode'));
    const exists = (p: string) => existsSync(p);
    const patterns = placeholderPatterns(
      top,
      top,
      [join(top, 'opencode.json'), join(top, '.opencode'), '/elsewhere/x'],
      exists,
    );
    expect(patterns).toEqual(
      expect.arrayContaining(['/.bashrc', '/.claude', '/.opencode', '/opencode.json', '/.mcp.json']),
    );
    expect(patterns).not.toContain('/.vscode'); // there: a real folder, not a placeholder
    expect(patterns.some((p) => p.includes('elsewhere'))).toBe(false);
  });

  it("git add -A in a repository with such names ignored adds only the real files, the user's own excludes kept", () => {
    const top = realpathSync(mkdtempSync(join(tmpdir(), 'sa-ph-git-')));
    execFileSync('git', ['init', '-q', '.'], { cwd: top });
    writeFileSync(join(top, 'user-ignore'), '*.log\n');
    writeFileSync(join(top, 'a.txt'), 'a\n');
    writeFileSync(join(top, 'debug.log'), 'x\n');
    writeFileSync(join(top, '.bashrc'), 'stand-in for a placeholder\n');
    const file =
      writeExcludesFile(realpathSync(mkdtempSync(join(tmpdir(), 'sa-ph-x-'))), join(top, 'user-ignore'), [
        '/.bashrc',
      ]) ?? '';
    expect(readFileSync(file, 'utf8')).toBe(
      "*.log\n# semantic-anchors: the sandbox's read-only placeholders\n/.bashrc\n",
    );
    const env = {
      ...process.env,
      ...excludesEnv(file, { GIT_CONFIG_COUNT: '1' }),
      GIT_CONFIG_KEY_0: 'core.quotePath',
      GIT_CONFIG_VALUE_0: 'true',
    };
    execFileSync('git', ['add', '-A'], { cwd: top, env });
    const staged = execFileSync('git', ['diff', '--cached', '--name-only'], { cwd: top, env, encoding: 'utf8' }).trim();
    expect(staged.split('\n').sort()).toEqual(['a.txt', 'user-ignore']);
  });

  it('points git at the global config that exists when ~/.gitconfig would be a placeholder', () => {
    const home = realpathSync(mkdtempSync(join(tmpdir(), 'sa-ph-home-')));
    const gc = join(home, '.gitconfig');
    expect(gitGlobalEnv(home, [gc], existsSync)).toEqual({ GIT_CONFIG_GLOBAL: '/dev/null' });
    mkdirSync(join(home, '.config', 'git'), { recursive: true });
    writeFileSync(join(home, '.config', 'git', 'config'), '[user]\n\tname = h\n');
    expect(gitGlobalEnv(home, [gc], existsSync)).toEqual({ GIT_CONFIG_GLOBAL: join(home, '.config', 'git', 'config') });
    writeFileSync(gc, '');
    expect(gitGlobalEnv(home, [gc], existsSync)).toEqual({});
    expect(gitGlobalEnv(home, [], existsSync)).toEqual({});
  });
});
