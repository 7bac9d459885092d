// Round 18 (issue 17): real scripts pasted whole. A local cluster created in the call is the context a later kubectl
// or helm acts on; tee writes what echo printed with a value not known; terraform writes its local state when it
// changes something; shadcn writes component code; find -exec rm with a name test removes what it picks, not its start.
import { describe, expect, it } from 'vitest';
import { COMPUTED_PIECE } from '../../src/shell/computed-piece.js';
import { parseShell } from '../../src/shell/index.js';

const argvOf = (source: string, program: string) =>
  parseShell(source)
    .commands.filter((c) => c.program === program)
    .map((c) => c.argv);
const effects = (source: string) => parseShell(source).effects.map((e) => [e.kind, e.path, e.content]);

describe('a local cluster created in the call is the context later commands act on', () => {
  it('kind create cluster --name N: kubectl and helm get --context / --kube-context kind-N', () => {
    const source = 'kind create cluster --name dev\nkubectl apply -f k8s/\nhelm install api ./chart';
    expect(argvOf(source, 'kubectl')).toEqual([['apply', '-f', 'k8s/', '--context=kind-dev']]);
    expect(argvOf(source, 'helm')).toEqual([['install', 'api', './chart', '--kube-context=kind-dev']]);
  });
  it("kind's default name, KIND_CLUSTER_NAME, minikube's profile and k3d's cluster name", () => {
    expect(argvOf('kind create cluster && kubectl apply -f x.yaml', 'kubectl')).toEqual([
      ['apply', '-f', 'x.yaml', '--context=kind-kind'],
    ]);
    expect(argvOf('KIND_CLUSTER_NAME=ci kind create cluster; kubectl delete ns x', 'kubectl')).toEqual([
      ['delete', 'ns', 'x', '--context=kind-ci'],
    ]);
    expect(argvOf('minikube start -p lab && kubectl apply -f x.yaml', 'kubectl')).toEqual([
      ['apply', '-f', 'x.yaml', '--context=lab'],
    ]);
    expect(argvOf('k3d cluster create demo && kubectl apply -f x.yaml', 'kubectl')).toEqual([
      ['apply', '-f', 'x.yaml', '--context=k3d-demo'],
    ]);
  });
  it('a cluster whose context goes into another kubeconfig, or a command with its own, changes nothing', () => {
    expect(argvOf('kind create cluster --kubeconfig /tmp/k && kubectl apply -f x', 'kubectl')).toEqual([
      ['apply', '-f', 'x'],
    ]);
    expect(argvOf('kind create cluster\nKUBECONFIG=prod.yaml kubectl delete ns x', 'kubectl')).toEqual([
      ['delete', 'ns', 'x'],
    ]);
    // (its own --context is a global option, kept apart from argv: nothing is added)
    expect(argvOf('kind create cluster\nkubectl --context prod delete ns x', 'kubectl')).toEqual([
      ['delete', 'ns', 'x'],
    ]);
  });
  it('a cluster name not known leaves the context unknown, never the one before', () => {
    const source = 'kubectl config use-context kind-a\nkind create cluster --name "$N"\nkubectl delete ns x';
    expect(argvOf(source, 'kubectl')).toEqual([
      ['config', 'use-context', 'kind-a'],
      ['delete', 'ns', 'x'],
    ]);
  });
});

describe('tee writes what echo printed when a value in it is not known', () => {
  it('a URL carrying a variable, through sudo tee -a: the known text with the value as a computed piece', () => {
    expect(effects('echo "https://u:$T@github.com" | sudo tee -a /etc/git-credentials')).toEqual([
      ['append', '/etc/git-credentials', `https://u:${COMPUTED_PIECE}@github.com\n`],
    ]);
  });
  it('nothing but the value is no known content; a shell reading the pipe is not given the pieces', () => {
    expect(effects('echo "$T" | tee x')).toEqual([['write', 'x', undefined]]);
    expect(parseShell('echo "rm -rf $DIR" | sh').commands.map((c) => c.program)).toEqual(['echo', 'sh']);
  });
});

describe('terraform writes its local state when it changes something', () => {
  it('apply in a folder, then git add . stages the state', () => {
    const model = parseShell('cd infra\nterraform apply\ngit add .');
    expect(model.effects.map((e) => [e.kind, e.path, e.via])).toEqual([
      ['write', 'infra/terraform.tfstate', 'terraform apply'],
      ['write', 'infra/terraform.tfstate.backup', 'terraform apply'],
    ]);
    expect(model.commands.find((c) => c.program === 'git')?.argv).toEqual([
      'add',
      '.',
      'infra/terraform.tfstate',
      'infra/terraform.tfstate.backup',
    ]);
  });
  it('-state-out names the file; plan, validate and fmt write no state', () => {
    expect(effects('terraform apply -state-out=prod.tfstate plan.out').map((e) => e[1])).toEqual([
      'prod.tfstate',
      'prod.tfstate.backup',
    ]);
    expect(effects('terraform plan -out plan.out && terraform validate && terraform fmt -check')).toEqual([]);
  });
});

describe('shadcn copies component code into the project', () => {
  it('named components are files of components/ui; a variable or --all is the folder', () => {
    expect(effects('npx shadcn@latest add button card').map((e) => e[1])).toEqual([
      '**/components/ui/button.tsx',
      '**/components/ui/card.tsx',
    ]);
    expect(effects('pnpm dlx shadcn@latest add -y -o ${components}').map((e) => e[1])).toEqual(['**/components/ui/**']);
  });
});

describe('find -exec rm: the start folder is removed only when no name test picks the files', () => {
  it('a name test: what -name picks; only negated tests: the start folder too', () => {
    expect(effects('find . -type d -name __pycache__ -prune -exec rm -rf {} +').map((e) => e[1])).toEqual([
      '**/__pycache__',
    ]);
    expect(effects('find . -mindepth 1 -not -name .git -exec rm -rf {} +').map((e) => e[1])).toContain('.');
  });
});
