// Container images whose ENTRYPOINT is a command-line tool: the words given to the container (`docker run IMAGE
// ARGS`, a compose service's `command:` with no `entrypoint:` of its own) are that tool's arguments, so `docker run
// hashicorp/terraform:1.9 destroy -auto-approve` runs `terraform destroy -auto-approve` — on the real infrastructure,
// whatever container it starts from. Each entry is an image whose published Dockerfile sets the ENTRYPOINT named in
// its comment; images that leave the command as given are not listed (google/cloud-sdk, mcr.microsoft.com/azure-cli
// and alpine/k8s set none; postgres's docker-entrypoint.sh runs its arguments as given, postgres only for a first word
// that is an option; pulumi/pulumi's image is not documented as one). Pure data and a matcher; wrappers.ts (docker
// run) and container-files.ts (compose services) apply it.

/** The tool an image's entrypoint runs, and for an entrypoint script, which first words it hands to the tool. */
export interface ImageEntrypoint {
  readonly program: string;
  /** The entrypoint is a script that runs the tool only for these first words (an option, one of its subcommands)
   * and any other as a command of its own; absent: the entrypoint is the tool itself. */
  readonly when?: (first: string | undefined) => boolean;
}

/** A first word that is an option: the entrypoint scripts below hand those to their tool. */
const isOption = (first: string | undefined): boolean => first?.startsWith('-') === true;

/** vault's subcommands (vault 1.x `vault --help`): hashicorp/vault's docker-entrypoint.sh runs `vault "$@"` for an
 * option or a word `vault --help` lists, anything else as given (docker-vault 0.X/docker-entrypoint.sh). */
const VAULT_COMMANDS: ReadonlySet<string> = new Set([
  ...['agent', 'audit', 'auth', 'debug', 'delete', 'events', 'hcp', 'kv', 'lease', 'list', 'login', 'monitor'],
  ...['namespace', 'operator', 'patch', 'path-help', 'pki', 'plugin', 'policy', 'print', 'proxy', 'read'],
  ...['secrets', 'server', 'ssh', 'status', 'token', 'transform', 'transit', 'unwrap', 'version', 'write'],
]);

/** composer's commands (`composer list`, 2.x): the official image's docker-entrypoint.sh runs `composer "$@"` for an
 * option or a word `composer help` knows, anything else as given (composer/docker, docker-entrypoint.sh). */
const COMPOSER_COMMANDS: ReadonlySet<string> = new Set([
  ...['about', 'archive', 'audit', 'browse', 'home', 'bump', 'check-platform-reqs', 'clear-cache', 'clearcache'],
  ...['cc', 'config', 'create-project', 'depends', 'why', 'diagnose', 'dump-autoload', 'dumpautoload', 'exec'],
  ...['fund', 'global', 'help', 'init', 'install', 'i', 'licenses', 'list', 'outdated', 'prohibits', 'why-not'],
  ...['reinstall', 'remove', 'rm', 'require', 'r', 'run-script', 'run', 'search', 'self-update', 'selfupdate'],
  ...['show', 'info', 'status', 'suggests', 'update', 'u', 'upgrade', 'validate'],
]);

/** openapi-generator-cli's commands (its `help`): the image's docker-entrypoint.sh runs the generator's jar for one
 * of them and anything else as given (OpenAPITools/openapi-generator, modules/openapi-generator-cli/docker-entrypoint.sh). */
const OPENAPI_GENERATOR_COMMANDS: ReadonlySet<string> = new Set([
  ...['author', 'batch', 'completion', 'config-help', 'generate', 'help', 'list', 'meta', 'validate', 'version'],
]);

/** A word curl takes as its URL: a scheme, or a host name with a dot or a port (not a path or a program's name). */
const URL_LIKE = /^[a-z][\w+.-]*:\/\/|^[\w-]+(?:\.[\w-]+)+(?::\d+)?(?:[/?#]|$)|^[\w.-]+:\d+(?:[/?#]|$)/i;

/**
 * By `owner/name` (the registry, tag and digest left out: `ghcr.io/opentofu/opentofu:1.8@sha256:…` is
 * opentofu/opentofu). The ENTRYPOINT each image's Dockerfile sets is in its comment.
 */
export const IMAGE_ENTRYPOINTS: Readonly<Record<string, ImageEntrypoint>> = {
  // ENTRYPOINT ["/bin/terraform"] (hashicorp/terraform's release Dockerfile)
  'hashicorp/terraform': { program: 'terraform' },
  // ENTRYPOINT ["/bin/packer"] (hashicorp/packer's Dockerfile, and the images built FROM it)
  'hashicorp/packer': { program: 'packer' },
  // ENTRYPOINT ["docker-entrypoint.sh"], which runs vault for an option or a vault subcommand (docker-vault)
  'hashicorp/vault': { program: 'vault', when: (first) => isOption(first) || VAULT_COMMANDS.has(first ?? '') },
  // ENTRYPOINT ["/usr/local/bin/tofu"] (opentofu's Dockerfile, published as ghcr.io/opentofu/opentofu)
  'opentofu/opentofu': { program: 'tofu' },
  // ENTRYPOINT ["/usr/local/bin/aws"] (aws-cli's Dockerfile: amazon/aws-cli, public.ecr.aws/aws-cli/aws-cli)
  'amazon/aws-cli': { program: 'aws' },
  'aws-cli/aws-cli': { program: 'aws' },
  // ENTRYPOINT [ "kubectl" ], CMD [ "--help" ] (bitnami/containers bitnami/kubectl; also public.ecr.aws/bitnami/kubectl)
  'bitnami/kubectl': { program: 'kubectl' },
  // ENTRYPOINT [ "helm" ], CMD [ "help" ] (bitnami/containers bitnami/helm)
  'bitnami/helm': { program: 'helm' },
  // ENTRYPOINT ["helm"], CMD ["help"] (alpine-docker/helm)
  'alpine/helm': { program: 'helm' },
  // ENTRYPOINT ["mc"] (minio/mc's Dockerfile.release)
  'minio/mc': { program: 'mc' },
  // ENTRYPOINT [ "rclone" ] (rclone/rclone's Dockerfile)
  'rclone/rclone': { program: 'rclone' },
  // ENTRYPOINT ["/flyctl"] (superfly/flyctl's Dockerfile, published as flyio/flyctl)
  'flyio/flyctl': { program: 'flyctl' },
  // ENTRYPOINT ["/usr/bin/yq"] (mikefarah/yq's Dockerfile)
  'mikefarah/yq': { program: 'yq' },
  // ENTRYPOINT ["git"], CMD ["--help"] (alpine-docker/git)
  'alpine/git': { program: 'git' },
  // ENTRYPOINT ["/entrypoint.sh"], which runs curl for an option or a word that is no command of the image (its URL)
  // (curl/curl-container etc/entrypoint.sh)
  'curlimages/curl': { program: 'curl', when: (first) => isOption(first) || URL_LIKE.test(first ?? '') },
  // ENTRYPOINT ["/docker-entrypoint.sh"], which runs composer for an option or a composer command (the official
  // `composer` image, composer/docker): `docker run -v "$PWD":/app composer:2 config --auth …` (round 39)
  composer: { program: 'composer', when: (first) => isOption(first) || COMPOSER_COMMANDS.has(first ?? '') },
  'library/composer': { program: 'composer', when: (first) => isOption(first) || COMPOSER_COMMANDS.has(first ?? '') },
  // ENTRYPOINT ["docker-entrypoint.sh"], which runs the generator for one of its commands (round 44: `docker run -v
  // ${PWD}:/local openapitools/openapi-generator-cli generate … -o /local/src/api`)
  'openapitools/openapi-generator-cli': {
    program: 'openapi-generator-cli',
    when: (first) => isOption(first) || OPENAPI_GENERATOR_COMMANDS.has(first ?? ''),
  },
};

/** `owner/name` of an image reference: no registry host, tag or digest (`docker.io/bitnami/kubectl:1.30` →
 * bitnami/kubectl; a mirror's path before the last two parts is the registry's). */
export function imageRepository(image: string): string {
  return image
    .replace(/@.*$/, '')
    .replace(/:[\w.-]+$/, '')
    .split('/')
    .slice(-2)
    .join('/');
}

/** The tool an image's entrypoint runs with `first` as its first argument; undefined when the words run as given
 * (an image not in the table, or an entrypoint script that runs a command it does not know as itself). */
export function imageEntrypoint(image: string, first: string | undefined): string | undefined {
  const name = imageRepository(image);
  const entry = Object.hasOwn(IMAGE_ENTRYPOINTS, name) ? IMAGE_ENTRYPOINTS[name] : undefined;
  if (entry === undefined || (entry.when !== undefined && !entry.when(first))) return undefined;
  return entry.program;
}

/** Shells (and env) named after an image: read as written, even after a tool's entrypoint (`… alpine/git sh -c 'npm
 * publish'` fails at run time, but says what the agent meant to run: the stricter reading). */
export const SHELLS_AFTER_IMAGE: ReadonlySet<string> = new Set([
  ...['sh', 'bash', 'ash', 'dash', 'zsh', '/bin/sh', '/bin/bash', 'env', '/usr/bin/env'],
]);

/** Whether the words after an image are put after its entrypoint's tool: not when they start with a shell or with
 * the tool itself (`docker run hashicorp/terraform terraform plan` is read as `terraform plan`). */
export const runsAfterEntrypoint = (program: string, first: string | undefined): boolean =>
  !SHELLS_AFTER_IMAGE.has(first ?? '') && first !== program;
