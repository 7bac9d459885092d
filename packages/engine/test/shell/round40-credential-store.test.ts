// Blind round 40 (issue 17): a credential store git was told to use, written in a later call — and the value a program
// prints, wrapped into a URL by sed on its way into a file.
import { describe, expect, it } from 'vitest';
import { parseShell } from '../../src/shell/index.js';
import { bash, policyOf, replay } from '../helpers.js';

describe('a file made git credential store', () => {
  const stores = (source: string) => parseShell(source).persists.links;

  it('is linked to the store git reads by its usual name, in the project or at home', () => {
    expect(stores("git config credential.helper 'store --file=.course-creds'")).toEqual({
      '.course-creds': '.git-credentials',
    });
    expect(stores('git config --global credential.https://github.com.helper "store --file ~/.gh-store"')).toEqual({
      '~/.gh-store': '~/.git-credentials',
    });
    expect(stores("cd sub && git config set credential.helper '!git credential-store --file=../creds'")).toEqual({
      creds: '.git-credentials',
    });
  });

  it('leaves other helpers, other keys and the store at its own name alone', () => {
    expect(stores("git config credential.helper 'cache --timeout=3600'")).toBeUndefined();
    expect(stores('git config credential.helper store')).toBeUndefined();
    expect(stores("git config user.name 'store --file=x'")).toBeUndefined();
    expect(stores("git config credential.helper 'store --file=.git-credentials'")).toBeUndefined();
  });

  const policy = policyOf(
    [
      'version: 1',
      'contracts:',
      '  - id: no-store',
      '    mode: BLOCK',
      '    description: no credential store filled by the agent',
      '    message: keep tokens in the environment',
      '    when:',
      '      - tool: {effect: {kind: [write, append], path: "**/.git-credentials", content: "https://[^/\\\\s:@]+:\\\\$\\\\x00@"}}',
    ].join('\n'),
    { root: '/p' },
  );
  const decisions = (...commands: string[]) => replay(policy, commands.map(bash)).verdicts.map((v) => v.decision);

  it('is judged as the store when a later call writes a computed token into it', () => {
    expect(
      decisions(
        "git config credential.helper 'store --file=.course-creds'",
        "gh auth token | sed 's#^#https://prof-li:#; s#$#@github.com#' > .course-creds",
      ),
    ).toEqual(['ALLOW', 'BLOCK']);
    // The same file written without the helper pointed at it is a file like any other.
    expect(decisions("gh auth token | sed 's#^#https://prof-li:#; s#$#@github.com#' > .course-creds")).toEqual([
      'ALLOW',
    ]);
  });
});

describe('sed around a value a program prints', () => {
  const written = (source: string) => parseShell(source).effects.find((e) => e.kind === 'write')?.content;

  it('is the text around the value, the value computed', () => {
    expect(written("gh auth token | sed 's#^#https://u:#; s#$#@github.com#' > f")).toBe(
      'https://u:$\u0000@github.com\n',
    );
    expect(written("vault read -field=t kv/x | sed -e 's/^/TOKEN=/' > .env.ci")).toBe('TOKEN=$\u0000\n');
  });

  it('stays the replacements among a computed piece for any other script', () => {
    expect(written("sed 's/it(/it.only(/' a.test.ts > /tmp/x")).toBe('$\u0000\nit.only(\n');
    expect(written("cat v | sed 's/^\\(.*\\)$/\\1x/' > f")).not.toContain('x$');
  });
});
