// doctor's warnings about what the host leaves open, on real files in a temporary HOME: a server without a password,
// and startup files (and what they source) that switch the plugin off or point opencode elsewhere.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hostExposureChecks, serverPasswordCheck, startupCheck, startupOverrides } from './host-exposure.js';
import { renderReport } from './report.js';

function home(files: Record<string, string>): string {
  const h = mkdtempSync(join(tmpdir(), 'doctor-home-'));
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(dirname(join(h, rel)), { recursive: true });
    writeFileSync(join(h, rel), text);
  }
  return h;
}

describe("doctor: opencode's server password", () => {
  it('warns when OPENCODE_SERVER_PASSWORD is not set, and says what that means and how to set it', () => {
    const c = serverPasswordCheck({});
    expect(c.status).toBe('warn');
    expect(c.detail).toContain('without a password');
    expect(c.notes?.join(' ')).toContain('grant itself a bypass');
    expect(c.remedy).toContain('OPENCODE_SERVER_PASSWORD="$(head -c 24 /dev/urandom | base64)" opencode');
  });
  it('passes when it is set, without ever printing it', () => {
    const c = serverPasswordCheck({ OPENCODE_SERVER_PASSWORD: 'secret-value-123' });
    expect(c.status).toBe('pass');
    expect(JSON.stringify(c)).not.toContain('secret-value-123');
  });
});

describe('doctor: shell startup files', () => {
  it('names the file and line of every override, in bash, zsh, fish and the files they source', () => {
    const h = home({
      '.bashrc': '# my bashrc\nexport PATH=$PATH:~/bin\n. ~/.bash_extra\nexport OPENCODE_PURE=1\n',
      '.bash_extra': 'alias oc="opencode --pure"\n',
      '.zshrc': 'OPENCODE_CONFIG_DIR=/tmp/elsewhere\n',
      '.config/fish/config.fish': 'set -gx OPENCODE_CONFIG /tmp/x.json\n',
      '.profile': 'export OPENCODE_CONFIG_CONTENT=\'{"plugin":[]}\'\n',
    });
    const found = startupOverrides(h, {}).map((f) => `${f.file.slice(h.length + 1)}:${f.line} ${f.what}`);
    expect(found.sort()).toEqual(
      [
        '.bashrc:4 OPENCODE_PURE',
        '.bash_extra:1 opencode --pure',
        '.zshrc:1 OPENCODE_CONFIG_DIR',
        '.config/fish/config.fish:1 OPENCODE_CONFIG',
        '.profile:1 OPENCODE_CONFIG_CONTENT',
      ].sort(),
    );
    const check = startupCheck(h, {});
    expect(check.status).toBe('warn');
    expect(check.notes).toContain(
      '~/.bashrc:4: OPENCODE_PURE — opencode then starts without external plugins: semantic-anchors does not load and enforces nothing',
    );
    expect(check.remedy).toContain('the agent may have');
  });
  it('is quiet about comments, mentions that set nothing, and an ordinary opencode alias', () => {
    const h = home({
      '.bashrc': '# export OPENCODE_PURE=1\necho "$OPENCODE_CONFIG_DIR"\nunset OPENCODE_PURE\nalias oc=opencode\n',
    });
    expect(startupOverrides(h, {})).toEqual([]);
    expect(startupCheck(h, {}).status).toBe('pass');
  });
  it('also warns when this environment itself carries an override', () => {
    const h = home({});
    const check = startupCheck(h, { OPENCODE_PURE: '1' });
    expect(check.status).toBe('warn');
    expect(check.notes?.[0]).toContain('OPENCODE_PURE is set in this environment');
  });
  it('reads zsh files under ZDOTDIR too', () => {
    const h = home({ 'zdot/.zshenv': 'export OPENCODE_PURE=true\n' });
    expect(startupOverrides(h, { ZDOTDIR: join(h, 'zdot') }).map((f) => f.what)).toEqual(['OPENCODE_PURE']);
  });
  it('warnings show in the report without failing the run', () => {
    const { lines, failed } = renderReport(
      hostExposureChecks({ HOME: home({ '.bashrc': 'export OPENCODE_PURE=1\n' }) }),
    );
    expect(failed).toBe(0);
    expect(lines[0]).toMatch(/^! opencode's server password: /);
    expect(lines.at(-1)).toContain('2 warning(s) above');
  });
});
