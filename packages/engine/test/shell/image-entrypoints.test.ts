// A container started from a tool's image runs that tool: a compose service with `command:` and no `entrypoint:` of
// its own (and `docker run IMAGE ARGS`) hands its words to the image's ENTRYPOINT, which for the images of
// image-entrypoints.ts is the tool itself. `image: hashicorp/terraform:1.9` with `command: apply -auto-approve` is
// `terraform apply -auto-approve`, on the real infrastructure, wherever the container runs.
import type { Event } from '@semantic-anchors/engine';
import { describe, expect, it } from 'vitest';
import { composePieceLines } from '../../src/shell/container-files.js';
import { parseShell } from '../../src/shell/index.js';
import { imageEntrypoint, imageRepository } from '../../src/shell/image-entrypoints.js';
import { bash, policyOf, replay } from '../helpers.js';
import { runs, written } from './follow-helpers.js';

const compose = (service: string): Record<string, string> => ({ 'compose.yaml': `services:\n${service}` });
const ran = (source: string, files: Record<string, string> = {}): string[] => runs(source, written(files));

const TF =
  '  tf:\n    image: hashicorp/terraform:1.9\n    command: apply -auto-approve -input=false\n    working_dir: /infra\n';
const KUBE =
  '  deploy:\n    image: bitnami/kubectl:1.30\n    command: ["--context", "prod-eu", "apply", "-f", "k8s/"]\n';

describe('a compose service run by a tool image runs the tool with its command as arguments', () => {
  it('terraform: a string command', () => {
    expect(ran('docker compose run --rm tf', compose(TF))).toContain('terraform apply -auto-approve -input=false');
  });

  it('kubectl: an exec-form command, its global options kept', () => {
    const kubectl = parseShell('docker compose up deploy', undefined, written(compose(KUBE))).commands.find(
      (c) => c.program === 'kubectl',
    );
    expect(kubectl?.positionals).toEqual(['apply']);
    expect(kubectl?.globals.find((g) => g.name === '--context')?.value).toBe('prod-eu');
    expect(kubectl?.flags.find((f) => f.name === '-f')?.value).toBe('k8s/');
  });

  it('with a registry, a tag and a digest on the image', () => {
    for (const image of [
      'docker.io/hashicorp/terraform:1.9',
      'registry-1.docker.io/hashicorp/terraform',
      'hashicorp/terraform@sha256:0123abcd',
      'localhost:5000/hashicorp/terraform:1.9.2',
    ])
      expect(
        ran('docker compose run tf', compose(`  tf:\n    image: ${image}\n    command: destroy\n`)),
        image,
      ).toContain('terraform destroy');
  });

  it('the tool runs in the container: marked as running elsewhere', () => {
    const model = parseShell('docker compose run --rm tf', undefined, written(compose(TF)));
    expect(model.commands.find((c) => c.program === 'terraform')?.remote).toBeDefined();
  });

  it('look-alike: a service of an image not in the table runs its command as written', () => {
    const node = '  test:\n    image: node:20\n    command: npm test\n';
    expect(ran('docker compose run test', compose(node))).toContain('npm test');
    expect(ran('docker compose run test', compose(node)).join('\n')).not.toMatch(/\b(node|terraform) npm test/);
  });

  it("look-alike: the service's own entrypoint wins over the table; an empty one clears the image's", () => {
    const shell =
      '  tf:\n    image: hashicorp/terraform:1.9\n    entrypoint: ["sh", "-c"]\n    command: ["echo planned"]\n';
    const seen = ran('docker compose run tf', compose(shell));
    expect(seen).toContain('echo planned');
    expect(seen.join('\n')).not.toContain('terraform');
    const cleared = '  tf:\n    image: hashicorp/terraform:1.9\n    entrypoint: []\n    command: ls -la\n';
    expect(ran('docker compose run tf', compose(cleared))).toContain('ls -la');
    expect(ran('docker compose run tf', compose(cleared)).join('\n')).not.toContain('terraform');
  });

  it('look-alike: a shell or the tool named first runs as written', () => {
    const sh = '  tf:\n    image: hashicorp/terraform:1.9\n    command: ["sh", "-c", "terraform fmt"]\n';
    expect(ran('docker compose run tf', compose(sh))).toContain('terraform fmt');
    const named = '  tf:\n    image: hashicorp/terraform:1.9\n    command: terraform plan\n';
    expect(ran('docker compose run tf', compose(named))).toContain('terraform plan');
    expect(ran('docker compose run tf', compose(named)).join('\n')).not.toContain('terraform terraform');
  });
});

describe('docker run IMAGE ARGS', () => {
  it('runs the tool the image runs', () => {
    expect(ran('docker run --rm -v "$PWD":/w -w /w hashicorp/terraform:1.9 apply -auto-approve')).toContain(
      'terraform apply -auto-approve',
    );
    expect(ran('docker run --rm bitnami/helm:3 upgrade --install web ./chart')).toContain(
      'helm upgrade --install web ./chart',
    );
    expect(ran('docker run --rm ghcr.io/opentofu/opentofu:1.8 destroy')).toContain('tofu destroy');
  });

  it("an entrypoint script's own choice: curl for an option or a URL, vault for its subcommands", () => {
    expect(ran('docker run --rm curlimages/curl -fsSL https://example.com/x')).toContain(
      'curl -fsSL https://example.com/x',
    );
    expect(ran('docker run --rm curlimages/curl example.com')).toContain('curl example.com');
    expect(ran('docker run --rm hashicorp/vault:1.17 kv put secret/db pw=x')).toContain('vault kv put secret/db pw=x');
  });

  it('look-alike: a word the entrypoint script runs as a command of its own stays that command', () => {
    expect(ran('docker run --rm curlimages/curl wget -q https://example.com')).toContain('wget -q https://example.com');
    expect(ran('docker run --rm hashicorp/vault:1.17 ls /vault')).toContain('ls /vault');
    expect(ran('docker run --rm hashicorp/vault:1.17 ls /vault').join('\n')).not.toContain('vault ls');
  });

  it('look-alike: --entrypoint names what runs', () => {
    const programs = parseShell('docker run --rm --entrypoint sh hashicorp/terraform:1.9 -c "echo x"').commands.map(
      (c) => c.program,
    );
    expect(programs).not.toContain('terraform');
    expect(ran('docker run --rm --entrypoint sh hashicorp/terraform:1.9 -c "echo x"')).toContain('echo x');
  });
});

describe('the table', () => {
  it('matches an image by owner/name, whatever its registry, tag or digest', () => {
    expect(imageRepository('registry-1.docker.io/bitnami/kubectl:1.30@sha256:ff')).toBe('bitnami/kubectl');
    expect(imageEntrypoint('public.ecr.aws/aws-cli/aws-cli:2', 's3')).toBe('aws');
    expect(imageEntrypoint('amazon/aws-cli', 's3')).toBe('aws');
  });

  it('leaves out images whose entrypoint is no tool', () => {
    for (const image of ['postgres:16', 'google/cloud-sdk:slim', 'mcr.microsoft.com/azure-cli', 'alpine/k8s:1.30'])
      expect(imageEntrypoint(image, 'apply'), image).toBeUndefined();
  });
});

describe('through the session: a service the agent added to the compose file with yq, then run', () => {
  const policy = policyOf(
    'version: 1\ncontracts:\n  - id: no-terraform\n    description: d\n    mode: BLOCK\n    when: { tool: { name: bash, run: { program: terraform, subcommand: apply } } }\n    message: m\n',
    { root: '/p' },
  );
  const last = (...events: Event[]): string | undefined => replay(policy, events).verdicts.at(-1)?.decision;
  const added = `yq -i '.services.tf = {"image": "hashicorp/terraform:1.9", "command": "apply -auto-approve"}' compose.ops.yml`;

  it('blocks the run of the service whose image runs terraform', () => {
    expect(last(bash(added), bash('docker compose -f compose.ops.yml run --rm tf'))).toBe('BLOCK');
  });

  it('look-alike: a plan through the same image is allowed', () => {
    const plan = added.replace('apply -auto-approve', 'plan');
    expect(last(bash(plan), bash('docker compose -f compose.ops.yml run --rm tf'))).toBe('ALLOW');
  });
});

describe('a compose file known only in pieces (composePieceLines, for the walk to read such a file)', () => {
  it("a service the edit tool put under the team's services: mapping, indented as in the file", () => {
    const piece = '  tf:\n    image: hashicorp/terraform:1.9\n    command: apply -auto-approve';
    expect(composePieceLines([piece], 'run', ['tf'])).toEqual([
      { source: 'terraform apply -auto-approve', label: 'docker compose run tf' },
    ]);
  });

  it('a piece with its own services: key (yq -i) reads as a compose text', () => {
    const piece = 'services:\n  deploy:\n    image: bitnami/kubectl\n    command: ["delete", "ns", "prod"]\n';
    expect(composePieceLines([piece], 'up', [])?.map((l) => l.source)).toEqual(['kubectl delete ns prod']);
  });

  it('look-alike: a piece without the service asked for runs nothing; a piece that is no YAML reads as nothing', () => {
    const piece = '  db:\n    image: postgres:16\n    command: psql -c "select 1"';
    expect(composePieceLines([piece], 'run', ['tf'])).toEqual([]);
    expect(composePieceLines(['  tf: [unclosed'], 'run', ['tf'])).toBeUndefined();
  });
});
