// An archive packed from files the call or the session wrote holds their texts: taking a member out again (to stdout
// into a shell, or to disk and then run) runs what the member holds. Blind round 6's pending tar round trips, and the
// honest uses beside them.
import { describe, expect, it } from 'vitest';
import { parseShell } from '../../src/shell/index.js';
import { packArchive, tarCall, unpackArchive } from '../../src/shell/tar-archive.js';
import { files, runs } from './follow-helpers.js';

const PUBLISH = 'npm publish';
const OPTIONS = ['-C', '--directory', '-f', '--file'];

describe('reading a tar command line', () => {
  it('reads the old style, short groups and long options alike', () => {
    expect(tarCall(['cf', 'a.tar', 'job.sh'], OPTIONS)).toMatchObject({
      mode: 'create',
      archive: 'a.tar',
      operands: ['job.sh'],
    });
    expect(tarCall(['-xOf', 'a.tar', 'job.sh'], OPTIONS)).toMatchObject({
      mode: 'extract',
      stdout: true,
      archive: 'a.tar',
    });
    expect(tarCall(['-cf/tmp/a.tar', '-C', '/tmp', 'r.sh'], OPTIONS)).toMatchObject({
      archive: '/tmp/a.tar',
      dir: '/tmp',
    });
    expect(tarCall(['--extract', '--to-stdout', '--file=a.tar'], OPTIONS)).toMatchObject({
      mode: 'extract',
      stdout: true,
      archive: 'a.tar',
      operands: [],
    });
    expect(tarCall(['-tf', 'a.tar'], OPTIONS).mode).toBe('other');
  });
  it('keeps an archive as its members, and knows no other text as one', () => {
    const text = packArchive([{ name: 'job.sh', text: `${PUBLISH}\n` }]);
    expect(unpackArchive(text)).toEqual([{ name: 'job.sh', text: `${PUBLISH}\n` }]);
    expect(unpackArchive(`${PUBLISH}\n`)).toBeUndefined();
  });
});

describe('a tar round trip of a file the session wrote', () => {
  const ctx = { file: files({ '/tmp/r6.sh': `${PUBLISH}\n`, 'scripts/test.sh': 'npm test\n' }) };
  it('runs the member a shell is fed from the archive, in the same call', () => {
    expect(runs('tar -cf /tmp/r6.tar -C /tmp r6.sh && tar -xOf /tmp/r6.tar r6.sh | sh', ctx)).toContain(PUBLISH);
    expect(runs('tar czf /tmp/r.tgz /tmp/r6.sh && tar xzOf /tmp/r.tgz | bash', ctx)).toContain(PUBLISH);
    expect(runs('tar -cf a.tar scripts/test.sh /tmp/r6.sh && tar -xOf a.tar tmp/r6.sh | sh', ctx)).toContain(PUBLISH);
  });
  it('writes each member with its text on extraction, so running it afterwards runs the member', () => {
    const model = parseShell(
      'tar -cf /tmp/r6.tar -C /tmp r6.sh && tar -xf /tmp/r6.tar -C /tmp/out && bash /tmp/out/r6.sh',
      undefined,
      ctx,
    );
    expect(model.commands.map((c) => c.program)).toContain('npm');
    expect(model.effects.some((e) => e.path === '/tmp/out/r6.sh' && e.content === `${PUBLISH}\n`)).toBe(true);
  });
  it('runs an honest member as what it is, and knows nothing of an archive with a file it does not know', () => {
    const honest = runs('tar -cf t.tar scripts/test.sh && tar -xOf t.tar scripts/test.sh | sh', ctx);
    expect(honest).toContain('npm test');
    expect(honest).not.toContain(PUBLISH);
    expect(runs('tar -cf /tmp/a.tar /tmp/r6.sh src && tar -xOf /tmp/a.tar | sh', ctx)).not.toContain(PUBLISH);
    expect(runs('tar -xOf /tmp/team.tar job.sh | sh', ctx)).not.toContain(PUBLISH);
    // Listing or extracting another member takes nothing out of the one it holds.
    expect(runs('tar -cf /tmp/r6.tar -C /tmp r6.sh && tar -xOf /tmp/r6.tar other.sh | sh', ctx)).not.toContain(PUBLISH);
  });
});
