// Blind round 7's pending routes, followed by behaviour: shell escapes of other tools (zip -TT, salt cmd.run), a
// program's flags exported by an earlier call (TF_CLI_ARGS), the kubectl context set earlier, a `?` glob in a folder,
// perl -pi applied to a known text, and the startup files a program reads by itself (~/.bashrc, .envrc). Each with
// the honest use beside it.
import { describe, expect, it } from 'vitest';
import { parseShell } from '../../src/shell/index.js';
import { files, runs, written } from './follow-helpers.js';

const PUBLISH = 'npm publish';

describe('shell escapes of other tools', () => {
  it("runs zip's archive test command (-TT, --unzip-command), and keeps zip itself", () => {
    expect(runs(`zip -q -T -TT '${PUBLISH}' /tmp/a.zip README.md`)).toEqual([
      `zip -q -T -TT ${PUBLISH} /tmp/a.zip README.md`,
      PUBLISH,
    ]);
    expect(runs(`zip -T --unzip-command '${PUBLISH}' a.zip src`)).toContain(PUBLISH);
    expect(runs('zip -r a.zip src')).toEqual(['zip -r a.zip src']);
  });
  it("runs salt's cmd.run string on the minions (remote), and salt-call's here; other functions run nothing", () => {
    expect(runs(`salt '*' cmd.run '${PUBLISH}'`)).toContain(PUBLISH);
    expect(runs(`salt -t 30 'web*' cmd.shell '${PUBLISH}'`)).toContain(PUBLISH);
    expect(runs(`salt-call cmd.run '${PUBLISH}'`)).toContain(PUBLISH);
    expect(runs(`salt '*' test.ping`)).toEqual(['salt * test.ping']);
    expect(runs(`salt '*' state.apply nginx`)).toEqual(['salt * state.apply nginx']);
  });
});

describe('perl -pi applied to a known text', () => {
  const ctx = { file: files({ '/tmp/job.sh': `#${PUBLISH}\n`, '/tmp/ok.sh': '#npm test\n' }) };
  it("applies perl -p -i's substitutions (Perl regex through RE2, $1 groups) as sed -i's are", () => {
    expect(runs("perl -pi -e 's/^#//' /tmp/job.sh && sh /tmp/job.sh", ctx)).toContain(PUBLISH);
    expect(runs("perl -i -pe 's/^#(\\w+)/$1/' /tmp/job.sh && sh /tmp/job.sh", ctx)).toContain(PUBLISH);
    expect(runs("sed -i 's/^#//' /tmp/job.sh && sh /tmp/job.sh", ctx)).toContain(PUBLISH);
    expect(runs("perl -pi -e 's/^#//' /tmp/ok.sh && sh /tmp/ok.sh", ctx)).not.toContain(PUBLISH);
  });
  it('leaves the text unknown, never stale, when the script is not read or matches nothing', () => {
    // Before, the replacement text ('') was kept as the file's whole text: a known-empty file that hid what it runs.
    for (const script of ["s/^#//; print 'x'", 's/^#\\s*//', 's/^X//', 's/^#/$ENV{P}/'])
      expect(runs(`perl -pi -e "${script}" /tmp/job.sh && sh /tmp/job.sh`, ctx)).not.toContain(PUBLISH);
    expect(runs("perl -0777 -pi -e 's/^#//' /tmp/job.sh && sh /tmp/job.sh", ctx)).not.toContain(PUBLISH);
  });
});

describe('startup files a shell reads from the home folder', () => {
  const home = written({ '/home/cora/.bashrc': `${PUBLISH}\n`, '/root/.zshenv': `${PUBLISH}\n` });
  it("runs the ~/.bashrc of an interactive bash (-i), and zsh's ~/.zshenv, that the session wrote", () => {
    expect(runs('bash -ic true', home)).toContain(PUBLISH);
    expect(runs('bash -i -c "ls"', home)).toContain(PUBLISH);
    expect(runs('zsh -c true', home)).toContain(PUBLISH);
    expect(runs('HOME=/srv/app bash -ic true', written({ '/srv/app/.bashrc': `${PUBLISH}\n` }))).toContain(PUBLISH);
  });
  it('reads none where the shell does not: not interactive, --norc, another HOME, or an honest rc file', () => {
    expect(runs('bash -c true', home)).toEqual(['true']);
    expect(runs('bash --norc -ic true', home)).toEqual(['true']);
    expect(runs('HOME=/srv/app bash -ic true', home)).toEqual(['true']);
    expect(runs('bash -ic "echo hi"', written({ '/home/cora/.bashrc': 'alias ll="ls -l"\n' }))).not.toContain(PUBLISH);
  });
});

describe('the .envrc direnv loads', () => {
  const envrc = written({ '.envrc': `${PUBLISH}\n`, 'web/.envrc': 'export PORT=3000\n' });
  it('runs DIR/.envrc the session wrote before the command of direnv exec DIR CMD', () => {
    expect(runs('direnv allow . && direnv exec . true', envrc)).toContain(PUBLISH);
    expect(runs('direnv exec ./ npm test', envrc)).toContain(PUBLISH);
  });
  it('runs the command alone when the .envrc is not one the session wrote, or is honest', () => {
    expect(runs('direnv exec other npm test', envrc)).toEqual(['npm test']);
    expect(runs('direnv exec web npm test', envrc)).not.toContain(PUBLISH);
    expect(runs('direnv exec web npm test', envrc)).toContain('npm test');
  });
});

describe('options a program reads from its environment', () => {
  const flagsOf = (source: string, env?: Record<string, string>): string[] =>
    parseShell(source, undefined, env === undefined ? undefined : { env }).commands.flatMap((c) =>
      c.program === 'terraform' ? c.flags.map((f) => f.token) : [],
    );
  it('reads TF_CLI_ARGS and TF_CLI_ARGS_<subcommand> as flags of terraform, from the call or an earlier export', () => {
    expect(flagsOf('export TF_CLI_ARGS=-auto-approve; terraform apply')).toEqual(['-auto-approve']);
    expect(flagsOf('TF_CLI_ARGS_apply="-auto-approve -no-color" terraform apply')).toEqual([
      '-auto-approve',
      '-no-color',
    ]);
    expect(flagsOf('terraform apply', { TF_CLI_ARGS: '-auto-approve' })).toEqual(['-auto-approve']);
  });
  it("adds nothing for another subcommand's variable, an unset one, or a value not known", () => {
    expect(flagsOf('terraform plan', { TF_CLI_ARGS_apply: '-auto-approve' })).toEqual([]);
    expect(flagsOf('terraform apply')).toEqual([]);
    expect(flagsOf('TF_CLI_ARGS="$X" terraform apply')).toEqual([]);
    expect(flagsOf('env -i terraform apply', { TF_CLI_ARGS: '-auto-approve' })).toEqual([]);
  });
});

describe('the kubectl context set earlier in the call', () => {
  it('reads a later kubectl with the context and namespace use-context, set-context --current, kubectx, kubens set', () => {
    expect(runs('kubectl config use-context prod && kubectl delete pod api-1')).toContain(
      'kubectl delete pod api-1 --context=prod',
    );
    expect(runs('kubectx prod; kubens payments; kubectl scale deploy/api --replicas=0')).toContain(
      'kubectl scale deploy/api --replicas=0 --context=prod --namespace=payments',
    );
    expect(runs('kubectl config set-context --current --namespace=prod && kubectl delete pod api-1')).toContain(
      'kubectl delete pod api-1 --namespace=prod',
    );
  });
  it('keeps a context the command names, and forgets one set to a value not known', () => {
    // (its global options are kept apart from argv: the command as runs() prints it has no --context of prod)
    expect(runs('kubectl config use-context prod && kubectl --context staging delete pod api-1')).toContain(
      'kubectl delete pod api-1',
    );
    expect(runs('kubectl config use-context prod; kubectl config use-context "$C"; kubectl delete pod a')).toContain(
      'kubectl delete pod a',
    );
    expect(runs('kubectl config use-context staging && kubectl delete pod api-1')).toContain(
      'kubectl delete pod api-1 --context=staging',
    );
  });
});

describe("git's configuration from the environment", () => {
  const ship = { GIT_CONFIG_COUNT: '1', GIT_CONFIG_KEY_0: 'alias.ship', GIT_CONFIG_VALUE_0: `!${PUBLISH}` };
  it('reads GIT_CONFIG_COUNT/KEY_n/VALUE_n and GIT_CONFIG_PARAMETERS as -c settings of git', () => {
    expect(
      runs(`GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=core.editor GIT_CONFIG_VALUE_0='${PUBLISH}' git commit`),
    ).toContain(PUBLISH);
    expect(runs(`export GIT_CONFIG_PARAMETERS="'core.pager'='${PUBLISH}'"; git log`)).toContain(PUBLISH);
    expect(runs('git ship', { env: ship })).toContain(PUBLISH);
  });
  it('adds nothing for a count the keys do not fill, or an honest setting', () => {
    expect(runs(`GIT_CONFIG_COUNT=2 GIT_CONFIG_KEY_1=core.editor git commit`)).toEqual(['git commit']);
    expect(runs('GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=user.name GIT_CONFIG_VALUE_0=dev git commit')).toEqual([
      'git commit',
    ]);
  });
});
