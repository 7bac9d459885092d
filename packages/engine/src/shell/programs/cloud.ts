// Cloud CLIs: global options that may precede the service (`aws --profile p s3 …`), the value options of their copy
// commands, and what `s3 cp|mv|sync`, `storage cp|rsync`, `storage blob download` write locally.
import { azEffects, cloudCopy } from '../transfer-effects.js';
import type { ProgramDeclaration } from './declaration.js';

export const AWS: ProgramDeclaration = {
  names: ['aws'],
  about: 'the AWS CLI: global options anywhere before the service; s3 cp/mv/sync write their local destination',
  globals: {
    value: [
      ...['--profile', '--region', '--output', '--endpoint-url', '--query', '--cli-read-timeout'],
      ...['--cli-connect-timeout', '--ca-bundle', '--color'],
    ],
    flag: ['--debug', '--no-verify-ssl', '--no-paginate', '--no-cli-pager', '--no-sign-request'],
  },
  options: {
    '*': ['--profile', '--region', '--output', '--endpoint-url', '--query'],
    // s3 cp/mv/sync: options whose value is not a source or destination.
    s3: [
      ...['--exclude', '--include', '--acl', '--sse', '--sse-kms-key-id', '--sse-c', '--sse-c-key', '--storage-class'],
      ...['--content-type', '--cache-control', '--content-disposition', '--content-encoding', '--content-language'],
      ...['--expires', '--grants', '--metadata', '--metadata-directive', '--website-redirect', '--expected-size'],
      ...['--page-size', '--source-region', '--request-payer'],
    ],
  },
  effects: { reads: [], effects: cloudCopy('aws') },
};

export const GCLOUD: ProgramDeclaration = {
  names: ['gcloud'],
  about: 'the Google Cloud CLI: global options; storage cp/mv/rsync write their local destination; --quiet answers',
  globals: {
    value: [
      ...['--project', '--account', '--configuration', '--format', '--verbosity', '--impersonate-service-account'],
      ...['--billing-project', '--flags-file'],
    ],
    flag: ['-q', '--quiet', '--log-http'],
    // The release tracks: `gcloud beta run deploy`, `gcloud alpha storage rm` are those commands.
    words: ['alpha', 'beta', 'preview'],
  },
  options: {
    '*': ['--project', '--account', '--format', '--zone', '--region', '--filter', '--configuration'],
    storage: [
      '--exclude',
      '-x',
      '--content-type',
      '--cache-control',
      '--storage-class',
      '-s',
      '--predefined-acl',
      '-a',
    ],
  },
  effects: { reads: [], effects: cloudCopy('gcloud') },
  stdin: { confirm: { flag: '--quiet' } },
  // `gcloud compute ssh VM --command=STRING` runs the string on the VM.
  runs: [
    {
      subcommands: ['compute ssh', 'alpha compute ssh', 'beta compute ssh', 'compute tpus tpu-vm ssh'],
      options: ['--zone', '--project', '--command', '--ssh-flag', '--ssh-key-file', '--container', '--worker'],
      commandOption: ['--command'],
      skip: 1,
      rest: false,
      permute: true,
      remote: true,
    },
  ],
};

export const VERCEL: ProgramDeclaration = {
  names: ['vercel'],
  about: 'the Vercel CLI: its value options (--target production is --prod)',
  globals: {
    value: ['--scope', '-S', '--token', '-t', '--cwd', '-A', '--local-config', '-Q', '--global-config'],
    flag: [],
  },
  cwd: ['--cwd'],
  options: {
    '*': [
      ...['--target', '--token', '-t', '--scope', '-S', '--cwd', '-A', '--local-config', '-e', '--env', '-b'],
      ...['--build-env', '-m', '--meta', '--regions', '--archive'],
    ],
  },
};

export const SERVERLESS: ProgramDeclaration = {
  names: ['serverless', 'sls'],
  about: 'the Serverless Framework: --stage/-s names the stage a deploy or remove acts on',
  options: {
    '*': ['--stage', '-s', '--region', '-r', '--aws-profile', '--config', '-c', '--param', '--function', '-f'],
  },
};

export const SWA: ProgramDeclaration = {
  names: ['swa'],
  about: 'the Azure Static Web Apps CLI: --env names the environment a deploy goes to',
  options: {
    '*': [
      ...['--env', '--deployment-token', '-d', '--app-name', '-n', '--resource-group', '-R', '--output-location'],
      ...['-O', '--app-location', '-a', '--api-location', '-i', '--config', '--config-name'],
    ],
  },
};

export const FIREBASE: ProgramDeclaration = {
  names: ['firebase'],
  about: 'the Firebase CLI: -P/--project and --config before the command choose the project',
  globals: {
    value: ['-P', '--project', '-c', '--config', '--token', '--account'],
    flag: ['--debug', '--json', '--non-interactive', '-i', '--interactive'],
  },
  options: { '*': ['--only', '--except', '-m', '--message', '-P', '--project'] },
};

export const GSUTIL: ProgramDeclaration = {
  names: ['gsutil'],
  about: 'gsutil: global options; cp/mv/rsync write their local destination',
  globals: { value: ['-o', '-h'], flag: ['-m', '-q', '-D'] },
  options: {
    cp: ['-a', '-s', '-z', '-j', '-L', '-p'],
    mv: ['-a', '-s', '-p'],
    rsync: ['-a', '-x', '-j', '-z', '-p'],
  },
  effects: { reads: [], effects: cloudCopy('gsutil') },
};

export const AZ: ProgramDeclaration = {
  names: ['az'],
  about: 'the Azure CLI: storage blob download writes --file, download-batch writes its destination; --yes answers',
  globals: {
    value: ['--subscription', '-o', '--output', '--query'],
    flag: ['--only-show-errors', '--verbose', '--debug'],
  },
  options: {
    '*': [
      ...['--subscription', '-o', '--output', '--query', '-g', '--resource-group', '-n', '--name', '-l'],
      '--location',
    ],
    storage: [
      ...['--file', '-f', '-c', '--container-name', '--account-name', '--account-key', '--connection-string'],
      ...['--sas-token', '--auth-mode', '-d', '--destination', '-s', '--source', '--pattern', '--blob-url'],
      '--max-connections',
    ],
  },
  effects: { reads: ['--file', '-f', '--destination', '-d'], effects: azEffects },
  stdin: { confirm: { flag: '--yes' } },
  // `az vm run-command invoke … --scripts STRING` runs the string on the VM (blind round 7)
  runs: [
    {
      subcommands: ['vm run-command invoke', 'vm run-command create'],
      options: ['-g', '--resource-group', '-n', '--name', '--command-id', '--scripts', '--parameters'],
      commandOption: ['--scripts'],
      rest: false,
      permute: true,
    },
  ],
};

export const WRANGLER: ProgramDeclaration = {
  names: ['wrangler'],
  about: 'Cloudflare wrangler: its value options, so `pages deploy DIR --branch main` reads the branch',
  options: {
    '*': [
      ...[
        '-c',
        '--config',
        '-e',
        '--env',
        '--name',
        '--compatibility-date',
        '--compatibility-flags',
        '--var',
        '--define',
      ],
      ...['--project-name', '--branch', '--commit-hash', '--commit-message', '--message', '--tag'],
      ...['--routes', '--route', '--triggers', '--outdir', '--assets', '--site', '--jurisdiction'],
    ],
  },
};

export const VAULT: ProgramDeclaration = {
  names: ['vault', 'bao'],
  about: 'HashiCorp Vault (and OpenBao): `login -` reads the token on stdin and stores it in ~/.vault-token',
  options: { '*': ['-address', '-namespace', '-method', '-path', '-format', '-field'] },
  // `echo hvs.… | vault login -`: the token read is kept as the command's input, as gh auth login --with-token's is.
  stdin: { credential: ['login'] },
};
