// What a session's shell keeps between calls: the values and directory each call that ran left behind, within the
// bound; a blocked call left nothing. With a fresh shell per call (opencode), a later call is judged both as the agent
// believes and as a new shell really runs it.
import { describe, expect, it } from 'vitest';
import {
  compile,
  loadConfig,
  SHELL_SESSION_LIMITS,
  startState,
  step,
  type SessionState,
} from '@semantic-anchors/engine';
import { parseShell } from '../src/shell/index.js';
import { SPELLED_MARK } from '../src/shell/values.js';

const CONFIG = `version: 1
contracts:
  - id: no-force-push-main
    description: Force-pushing main rewrites shared history.
    mode: BLOCK
    when: { tool: { name: bash, run: { program: git, subcommand: push, flags: [-f], args: [main] } } }
    message: m
  - id: no-deleting-src
    description: The sources are deleted only by a human.
    mode: BLOCK
    when: { tool: { effect: { kind: delete, path: ['src', 'src/**'] } } }
    message: m
  - id: no-prod-cluster-changes
    description: Changes to the production cluster go through the pipeline.
    mode: BLOCK
    when: { tool: { name: bash, run: { program: kubectl, subcommand: [delete, scale], option: { name: --context, value: '^prod' } } } }
    message: m
`;

function session(shellSession?: 'persistent' | 'fresh') {
  const policy = compile(loadConfig(CONFIG, { file: 'inline.yaml' }).config, {
    root: '/home/dev/shop',
    ...(shellSession ? { shellSession } : {}),
  });
  let state: SessionState = startState(policy);
  const run = (command: string, workdir?: string) => {
    const r = step(policy, state, { tool: 'bash', args: { command, ...(workdir ? { workdir } : {}) } });
    state = r.state;
    return r.verdict.decision;
  };
  return { run, state: () => state };
}

describe('the session shell', () => {
  it('keeps what a call exports and where it moved, for the next call', () => {
    const s = session();
    expect(s.run('export B=main && cd packages/web')).toBe('ALLOW');
    expect(s.state().shell).toEqual({ env: { B: 'main' }, cwd: 'packages/web' });
    expect(s.run('git push -f origin "$B"')).toBe('BLOCK');
  });

  it('forgets a value that a later call makes unknown or unsets', () => {
    const s = session();
    s.run('export B=main A=1');
    s.run('B=$(git branch --show-current); unset A');
    // B's value is forgotten; what is kept is the word it was assigned from, read as unknown (SPELLED_MARK)
    expect(s.state().shell.env).toEqual({ B: `${SPELLED_MARK}$(git branch --show-current)` });
  });

  it('keeps at most the bound of values, evicting the oldest, and no value longer than the bound', () => {
    const s = session();
    const many = Array.from({ length: SHELL_SESSION_LIMITS.maxVariables + 8 }, (_, i) => `export V${i}=${i}`);
    s.run(many.join('; '));
    const env = s.state().shell.env;
    expect(Object.keys(env)).toHaveLength(SHELL_SESSION_LIMITS.maxVariables);
    expect(env.V0).toBeUndefined();
    expect(env[`V${SHELL_SESSION_LIMITS.maxVariables + 7}`]).toBe(String(SHELL_SESSION_LIMITS.maxVariables + 7));
    s.run(`export LONG=${'x'.repeat(SHELL_SESSION_LIMITS.maxValueLength + 1)}`);
    expect(s.state().shell.env.LONG).toBeUndefined();
    // Its size in JSON stays small whatever the calls set: the bound in bytes.
    expect(JSON.stringify(s.state().shell).length).toBeLessThan(
      SHELL_SESSION_LIMITS.maxVariables *
        (SHELL_SESSION_LIMITS.maxValueLength + SHELL_SESSION_LIMITS.maxNameLength + 8),
    );
  });

  it('takes nothing from a call that was blocked', () => {
    const s = session();
    expect(s.run('git push -f origin main; export B=x; cd y')).toBe('BLOCK');
    expect(s.state().shell).toEqual({ env: {}, cwd: undefined });
  });

  it('reads a directory left by a call with a workdir from the project root', () => {
    const s = session();
    s.run('cd src', '/home/dev/shop/packages/api');
    expect(s.state().shell.cwd).toBe('packages/api/src');
    s.run('cd /tmp');
    expect(s.state().shell.cwd).toBe('/tmp');
  });

  it('with a fresh shell per call, judges a later call as the agent believes it and as a new shell runs it', () => {
    const s = session('fresh');
    s.run('export B=main && cd packages/web');
    // What the agent believes is kept: it is the first reading of later calls.
    expect(s.state().shell).toEqual({ env: { B: 'main' }, cwd: 'packages/web' });
    expect(s.run('git push -f origin "$B"')).toBe('BLOCK');
    // The second reading: a new shell starts in the project root, so after `cd build`, `rm -rf src` removes the
    // project's sources, not build/src.
    const t = session('fresh');
    t.run('cd build');
    expect(t.run('rm -rf src')).toBe('BLOCK');
    expect(t.run('rm -rf dist')).toBe('ALLOW');
  });

  it('with a persistent shell, judges a later call only as the shell that kept the values runs it', () => {
    const s = session('persistent');
    s.run('cd build');
    expect(s.run('rm -rf src')).toBe('ALLOW');
  });
});

describe('the kubectl context a call switched to', () => {
  it('reaches a later call, as kubectl keeps it in the kubeconfig', () => {
    const s = session();
    expect(s.run('kubectl config use-context prod-eu')).toBe('ALLOW');
    expect(s.state().shell.kube).toEqual({ context: 'prod-eu' });
    expect(s.run('kubectl delete deployment api')).toBe('BLOCK');
    expect(s.run('kubectl get pods')).toBe('ALLOW');
  });
  it('in a fresh shell too, and through kubectx', () => {
    const s = session('fresh');
    s.run('kubectx prod');
    expect(s.run('kubectl scale deploy/api --replicas=0')).toBe('BLOCK');
  });
  it('is replaced by a later switch, forgotten when switched to a name not known, kept out of other calls', () => {
    const s = session();
    s.run('kubectl config use-context prod');
    s.run('kubectl config use-context staging');
    expect(s.run('kubectl delete deployment api')).toBe('ALLOW');
    s.run('kubectl config use-context prod');
    s.run('kubectl config use-context "$(cat .ctx)"');
    expect(s.state().shell.kube).toBeUndefined();
    expect(s.run('kubectl delete deployment api')).toBe('ALLOW');
    expect(s.run('kubectl delete deployment api --context=prod')).toBe('BLOCK');
  });
  it('a command naming its own context keeps it', () => {
    const s = session();
    s.run('kubectl config use-context prod');
    expect(s.run('kubectl delete deployment api --context=dev')).toBe('ALLOW');
  });
  it('belongs to the kubeconfig it was written into: another one exported later has a context not known', () => {
    const s = session();
    s.run('kubectl config use-context staging');
    expect(s.run('kubectl delete deployment api')).toBe('ALLOW');
    s.run('export KUBECONFIG=$HOME/.kube/prod.yaml');
    // the context of prod.yaml is not known: no --context=staging is implied (the rule's unknown case decides)
    expect(s.run('kubectl delete deployment api --context=prod')).toBe('BLOCK');
    expect(s.run('kubectl delete deployment api')).toBe('ALLOW');
    expect(s.state().shell.kube).toEqual({ context: 'staging' });
    s.run('kubectl config use-context prod');
    expect(s.state().shell.kube).toEqual({ context: 'prod', kubeconfig: '$HOME/.kube/prod.yaml' });
    expect(s.run('kubectl delete deployment api')).toBe('BLOCK');
    expect(s.run('KUBECONFIG= kubectl delete deployment api')).toBe('ALLOW');
  });
});

describe('a git alias a call defined', () => {
  it('is what git runs in a later call, as git keeps it in its config', () => {
    const s = session();
    expect(s.run("git config alias.up 'push origin'")).toBe('ALLOW');
    expect(s.state().shell.gitAliases).toEqual({ up: 'push origin' });
    expect(s.run('git up -f main')).toBe('BLOCK');
    expect(s.run('git up feature/x')).toBe('ALLOW');
  });
  it('in a fresh shell too; --global and git 2.46 set alike; removed by unset', () => {
    const s = session('fresh');
    s.run("git config --global alias.pf 'push -f'");
    expect(s.run('git pf origin main')).toBe('BLOCK');
    s.run('git config unset alias.pf');
    expect(s.state().shell.gitAliases).toBeUndefined();
    expect(s.run('git pf origin main')).toBe('ALLOW');
    s.run("git config set alias.pf 'push -f'");
    expect(s.run('git pf origin main')).toBe('BLOCK');
  });
  it('git runs its own command over an alias of the same name', () => {
    const s = session();
    s.run("git config alias.status 'push -f origin main'");
    expect(s.run('git status')).toBe('ALLOW');
  });
});

describe('a value an earlier call assigned from a word partly known', () => {
  it('is read in a later call as that word, so a token URL in a variable still reads as one', () => {
    const s = session();
    s.run('URL="https://$GH_TOKEN@github.com/acme/shop.git"');
    const env = s.state().shell.env;
    expect(env).toEqual({ URL: `${SPELLED_MARK}https://$GH_TOKEN@github.com/acme/shop.git` });
    const [git] = parseShell('git remote set-url origin $URL', undefined, { env }).commands;
    expect(git?.argv).toEqual(['remote', 'set-url', 'origin', 'https://$GH_TOKEN@github.com/acme/shop.git']);
    expect(git?.unknown.map((u) => u.value)).toEqual(['https://$GH_TOKEN@github.com/acme/shop.git']);
  });
  it('stays unknown, and a known value set later replaces it', () => {
    const s = session();
    s.run('B="$(git branch --show-current)"');
    expect(s.run('git push -f origin "$B"')).toBe('ALLOW');
    s.run('B=main');
    expect(s.run('git push -f origin "$B"')).toBe('BLOCK');
    expect(s.state().shell.env).toEqual({ B: 'main' });
  });
});
