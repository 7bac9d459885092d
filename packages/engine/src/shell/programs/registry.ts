// Every program declaration (programs/*.ts), looked up by name. The one place the model asks what it knows about a
// program: option specs compiled once (when a command first names the program) into Sets, the runners and interpreters, what it reads on stdin.
// INVARIANT: a name belongs to one declaration (checked when this module loads, and by test/shell/programs.test.ts).
import { optionSpec, subcommandPrefixes, type OptionSpec } from '../argv.js';
import type { ProgramDeclaration, RunsDeclaration } from './declaration.js';
import { AWS, AZ, FIREBASE, GCLOUD, GSUTIL, SERVERLESS, SWA, VAULT, VERCEL, WRANGLER } from './cloud.js';
import { AT, CMD, CRONTAB, EVAL, PWSH, SH } from './shells.js';
import { POWERSHELL_CMDLETS } from './powershell.js';
import { BLACK, ESLINT, MILLER, PHP_CS_FIXER, PRETTIER, RUBOCOP, RUFF, RUSTFMT } from './formatters.js';
import { JS_BUILD_TOOLS, PYPROJECT_BUILD, SPHINX } from './build-tools.js';
import { BZIP2, GZIP, XZ, ZSTD } from './compressors.js';
import {
  ARGOCD,
  DOCKER_CLI,
  DOCKER_COMPOSE,
  FLUX,
  HELM,
  HELMFILE,
  KUSTOMIZE,
  K3D,
  KIND,
  KUBECTL_CLI,
  KUBECTX,
  KUBENS,
  MINIKUBE,
  OC,
  PODMAN,
  SKOPEO,
} from './containers.js';
import {
  AWK,
  CMAKE,
  CAT,
  EX,
  ED,
  CHMOD,
  CP,
  DD,
  FIND,
  HEAD,
  TAIL,
  TR,
  BASE64,
  XXD,
  REV,
  PASTE,
  FOLD,
  LS,
  OPENSSL,
  INSTALL,
  MKDIR,
  MKFIFO,
  PATCH,
  READERS,
  TAC,
  RM,
  RSYNC,
  SED,
  SHRED,
  SHUF,
  SORT,
  SPLIT,
  SPONGE,
  TAR,
  TEE,
  TOUCH,
  TRUNCATE,
  UNIQ,
  UNZIP,
  DOS2UNIX,
} from './files.js';
import { ICONV, IMAGEMAGICK, PANDOC, SEVEN_ZIP, XSV } from './converters.js';
import { ADR_TOOLS, DATAMODEL_CODEGEN, OPENAPI_GENERATOR, OPENAPI_TYPESCRIPT, PROTOC } from './generators.js';
import { CRUDINI, DASEL } from './config-setters.js';
import { BASE32, BASENAME, BASENC, CUT, DIRNAME, ENVSUBST, EXPR, GREP, JQ, YQ } from './printers.js';
import {
  ACT,
  CDK,
  GO,
  GO_TASK,
  HONCHO,
  LEFTHOOK,
  DVC,
  MLFLOW,
  DOIT,
  COMPOSER,
  GRADLE,
  MAGE,
  NIXOS_REBUILD,
  SNAKEMAKE,
  NINJA,
  SYSTEMCTL,
  JUST,
  MAKE,
  PRE_COMMIT,
  PULUMI,
  RAKE,
  TERRAFORM_CLI,
  TERRAGRUNT,
  TOFU,
  TOX,
  POE,
  ANSIBLE_PLAYBOOK,
} from './infra.js';
import {
  BUN,
  DENO,
  EMACS,
  EXPECT,
  ELIXIR,
  GUILE,
  OSASCRIPT,
  JULIA,
  LUA,
  NODE,
  PERL,
  PHP,
  PYTHON,
  R,
  RUBY,
  TCLSH,
  JAVA,
  OCTAVE,
  RAKU,
  M4,
  TSX,
  ZX,
  GROOVY,
  ERL,
  ESCRIPT,
  BABASHKA,
  GNUPLOT,
} from './interpreters.js';
import { CURL, KAGGLE, SENDMAIL, SSH, SSH_KEYGEN, WGET, ZENODO_GET } from './network.js';
import { IPYTHON, JUPYTER, JUPYTER_BOOK, JUPYTEXT, PAPERMILL } from './notebooks.js';
import {
  CARGO,
  CARGO_MAKE,
  CONDA,
  DART,
  DOTNET,
  FVM,
  NPM,
  NPX,
  PIP,
  PNPM,
  SHADCN,
  SYSTEM_PACKAGES,
  YARN,
} from './packages.js';
import { RUNNERS } from './runners.js';
import { BUILTINS } from './builtins.js';
import { GH, GIT, GLAB } from './vcs.js';
import {
  ALEMBIC,
  CLICKHOUSE,
  COCKROACH,
  CQLSH,
  DUCKDB,
  INFLUX,
  MONGO,
  MYSQL,
  PSQL,
  SFTP,
  REDIS,
  SNOWSQL,
  SQLCMD,
  SQLITE,
} from './clients.js';

export const DECLARATIONS: readonly ProgramDeclaration[] = [
  ...GZIP,
  ...BZIP2,
  ...XZ,
  ...ZSTD,
  GIT,
  PRETTIER,
  ESLINT,
  ...JS_BUILD_TOOLS,
  SPHINX,
  PYPROJECT_BUILD,
  BLACK,
  RUFF,
  RUBOCOP,
  RUSTFMT,
  PHP_CS_FIXER,
  GH,
  GLAB,
  DOCKER_CLI,
  PODMAN,
  DOCKER_COMPOSE,
  KUBECTL_CLI,
  KUBECTX,
  KUBENS,
  KIND,
  MINIKUBE,
  K3D,
  OC,
  HELM,
  HELMFILE,
  KUSTOMIZE,
  FLUX,
  ARGOCD,
  SKOPEO,
  CDK,
  TERRAFORM_CLI,
  TOFU,
  TERRAGRUNT,
  PULUMI,
  MAKE,
  JUST,
  GO_TASK,
  ACT,
  RAKE,
  NINJA,
  GRADLE,
  MAGE,
  NIXOS_REBUILD,
  LEFTHOOK,
  DVC,
  MLFLOW,
  DOIT,
  COMPOSER,
  SNAKEMAKE,
  GO,
  NPM,
  PNPM,
  YARN,
  NPX,
  CARGO,
  CARGO_MAKE,
  PIP,
  DART,
  DOTNET,
  FVM,
  SYSTEM_PACKAGES,
  SHADCN,
  CONDA,
  AWS,
  GCLOUD,
  GSUTIL,
  AZ,
  WRANGLER,
  VAULT,
  FIREBASE,
  VERCEL,
  SERVERLESS,
  SWA,
  CP,
  INSTALL,
  RSYNC,
  RM,
  SHRED,
  TRUNCATE,
  DOS2UNIX,
  TOUCH,
  MKDIR,
  MKFIFO,
  CHMOD,
  DD,
  TEE,
  SORT,
  SPLIT,
  SHUF,
  UNIQ,
  SPONGE,
  SED,
  EX,
  ED,
  AWK,
  CMAKE,
  PATCH,
  FIND,
  READERS,
  TAC,
  FOLD,
  HEAD,
  TAIL,
  TR,
  BASE64,
  XXD,
  REV,
  PASTE,
  LS,
  OPENSSL,
  CAT,
  UNZIP,
  TAR,
  ICONV,
  OPENAPI_TYPESCRIPT,
  DATAMODEL_CODEGEN,
  OPENAPI_GENERATOR,
  PROTOC,
  ADR_TOOLS,
  CRUDINI,
  DASEL,
  HONCHO,
  SYSTEMCTL,
  TOX,
  POE,
  PRE_COMMIT,
  CUT,
  GREP,
  JQ,
  YQ,
  ENVSUBST,
  EXPR,
  BASE32,
  BASENAME,
  DIRNAME,
  BASENC,
  PANDOC,
  JUPYTER,
  ANSIBLE_PLAYBOOK,
  PAPERMILL,
  JUPYTER_BOOK,
  JUPYTEXT,
  IPYTHON,
  SEVEN_ZIP,
  IMAGEMAGICK,
  XSV,
  MILLER,
  CURL,
  WGET,
  KAGGLE,
  ZENODO_GET,
  SENDMAIL,
  SSH,
  SSH_KEYGEN,
  PYTHON,
  NODE,
  PERL,
  RUBY,
  PHP,
  R,
  TSX,
  DENO,
  BUN,
  LUA,
  JULIA,
  ELIXIR,
  GUILE,
  OSASCRIPT,
  TCLSH,
  JAVA,
  OCTAVE,
  RAKU,
  M4,
  EXPECT,
  EMACS,
  ZX,
  GROOVY,
  ERL,
  ESCRIPT,
  BABASHKA,
  GNUPLOT,
  SH,
  AT,
  CRONTAB,
  PWSH,
  ...POWERSHELL_CMDLETS,
  CMD,
  EVAL,
  PSQL,
  SFTP,
  MYSQL,
  SQLITE,
  REDIS,
  MONGO,
  CLICKHOUSE,
  CQLSH,
  SQLCMD,
  DUCKDB,
  INFLUX,
  COCKROACH,
  SNOWSQL,
  ALEMBIC,
  ...RUNNERS,
  ...BUILTINS,
];

/** A runner declaration with its options compiled, and its subcommand words split. */
export interface CompiledRuns {
  readonly runs: RunsDeclaration;
  readonly spec: OptionSpec;
  /** Each alternative's words (`compose exec` → ['compose', 'exec']); undefined: the program itself runs it. */
  readonly subcommands: readonly (readonly string[])[] | undefined;
  /** RunsDeclaration.ownCommands as a Set. */
  readonly ownCommands: ReadonlySet<string> | undefined;
}

/** A declaration compiled once, on first use: Sets for lookups, one OptionSpec per subcommand ('*' merged in). */
export interface CompiledProgram {
  readonly declaration: ProgramDeclaration;
  /** Options before (or without) a known subcommand. */
  readonly base: OptionSpec;
  /** Subcommands with options of their own. */
  readonly bySubcommand: ReadonlyMap<string, OptionSpec>;
  /** What a two-word key of bySubcommand starts with (argv.ts subcommandPrefixes). */
  readonly subcommandPairs: ReadonlySet<string>;
  readonly globalValue: ReadonlySet<string>;
  readonly globalFlag: ReadonlySet<string>;
  readonly cwd: ReadonlySet<string>;
  readonly runs: readonly CompiledRuns[];
  /**
   * When it runs a command only after some subcommand (`docker exec`, `npm exec`): the first words of those, so a
   * command without any (`docker ps`) is told apart without parsing. Undefined: it may run one anyhow.
   */
  readonly runsAfter: ReadonlySet<string> | undefined;
  /** The longest of runsAfter's words: a longer word (a commit message) is not looked up, so never hashed. */
  readonly runsAfterLength: number;
}

function compile(declaration: ProgramDeclaration): CompiledProgram {
  const options = declaration.options;
  const star = options['*'] ?? [];
  const attached = declaration.attached ?? [];
  const words = declaration.singleDashOptions === true;
  const digits = declaration.attachedDigits ?? [];
  const bySubcommand = new Map<string, OptionSpec>();
  // A two-word key ('pr merge') lists all its options: the '*' ones may mean something else there (gh's -s, -m).
  for (const [sub, own] of Object.entries(options))
    if (sub !== '*')
      bySubcommand.set(sub, optionSpec(sub.includes(' ') ? own : [...star, ...own], attached, words, digits));
  return {
    declaration,
    base: optionSpec(star, attached, words, digits),
    bySubcommand,
    subcommandPairs: subcommandPrefixes(bySubcommand),
    globalValue: new Set(declaration.globals?.value ?? []),
    globalFlag: new Set(declaration.globals?.flag ?? []),
    cwd: new Set(declaration.cwd ?? []),
    runs: (declaration.runs ?? []).map((runs) => ({
      runs,
      spec: optionSpec([...runs.options, ...(runs.commandOption ?? [])], runs.attached ?? [], words),
      subcommands: runs.subcommands?.map((s) => s.split(' ')),
      ownCommands: runs.ownCommands === undefined ? undefined : new Set(runs.ownCommands),
    })),
    runsAfter: runsAfter(declaration),
    runsAfterLength: Math.max(0, ...[...(runsAfter(declaration) ?? [])].map((w) => w.length)),
  };
}

/** The first words of the subcommands after which a program runs a command, when it runs one only after those. */
function runsAfter(declaration: ProgramDeclaration): ReadonlySet<string> | undefined {
  const runs = declaration.runs;
  if (runs === undefined || runs.some((r) => r.subcommands === undefined || r.ownCommands !== undefined))
    return undefined;
  return new Set(runs.flatMap((r) => (r.subcommands ?? []).map((s) => s.split(' ')[0] as string)));
}

/** A declaration and, once a command named it, its compiled form (shared by all its names). */
interface Entry {
  readonly declaration: ProgramDeclaration;
  compiled?: CompiledProgram;
}

// A Map, not an object: program names come from user input and must never reach Object.prototype. The declarations
// are compiled on first use, not here: compiling all of them took ~7 ms of the plugin's start in opencode's Bun
// (~2 ms in Node) for programs most sessions never run; a command pays for its program once.
const BY_NAME: ReadonlyMap<string, Entry> = (() => {
  const map = new Map<string, Entry>();
  for (const declaration of DECLARATIONS) {
    const entry: Entry = { declaration };
    for (const name of declaration.names) {
      if (map.has(name)) throw new Error(`program "${name}" is declared twice (programs/*.ts)`);
      map.set(name, entry);
    }
  }
  return map;
})();

// PowerShell's commands and aliases, by their lower-case name, with the spelling they are declared by: a miss in
// BY_NAME is looked up here once lower-cased (only declarations that say `caseInsensitive` are in it, so `RM` is still
// no rm).
const BY_LOWER_NAME: ReadonlyMap<string, string> = (() => {
  const map = new Map<string, string>();
  for (const declaration of DECLARATIONS)
    if (declaration.caseInsensitive === true)
      for (const name of declaration.names) {
        const lower = name.toLowerCase();
        if (map.has(lower) || (lower !== name && BY_NAME.has(lower)))
          throw new Error(`program "${name}" is declared twice, in another case (programs/*.ts)`);
        map.set(lower, name);
      }
  return map;
})();

/** The declared spelling of a case-insensitive name written in another case (`remove-item` → Remove-Item). */
const declaredSpelling = (program: string): string | undefined => BY_LOWER_NAME.get(program.toLowerCase());

const compiledEntry = (entry: Entry | undefined): CompiledProgram | undefined =>
  entry === undefined ? undefined : (entry.compiled ??= compile(entry.declaration));

/** Versioned interpreter names (python3.12, perl5.36, pip3.11) stand for their declaration. */
const VERSIONED = /^(python|pypy|perl|pip|node|ruby|php)[\d.]+$/;

/**
 * A version glued to a program's name (helm3, kubectl-1.29, kubectl1.29, terraform_1.7.5, kubectl-v1.30.2,
 * tofu-1.6): the name before it, when that is a declared program. Only a pure version counts: `kubectl-neat` (a
 * kubectl plugin), `terraform-docs` and `helmfile` are other programs, and a name whose stem is not declared (md5,
 * base64, s3) is left alone.
 */
const VERSION_SUFFIX = /^([A-Za-z][\w+-]*?[A-Za-z])[-_.]?v?\d+(?:\.\d+)*$/;

// The walk asks about the same program several times in a row (unwrap, normalise, effects, interpreter, stdin): the
// last answer is kept.
let lastName = '';
let lastEntry: CompiledProgram | undefined;

/** The compiled declaration of `program` (a name as normalise.ts gives it), or undefined. */
export function compiledProgram(program: string): CompiledProgram | undefined {
  if (program === lastName) return lastEntry;
  lastEntry = lookup(program);
  lastName = program;
  return lastEntry;
}

function lookup(program: string): CompiledProgram | undefined {
  const hit = BY_NAME.get(program);
  if (hit !== undefined || program.length === 0) return compiledEntry(hit);
  const spelled = declaredSpelling(program);
  if (spelled !== undefined) return compiledEntry(BY_NAME.get(spelled));
  const c = program.charCodeAt(program.length - 1);
  // Only a name that ends in a digit can carry a version.
  if (c < 48 || c > 57) return undefined;
  const m = VERSIONED.exec(program);
  if (m !== null)
    return compiledEntry(BY_NAME.get(m[1] === 'python' || m[1] === 'pip' ? `${m[1]}3` : (m[1] as string)));
  const stem = versionStem(program);
  return stem === undefined ? undefined : compiledEntry(BY_NAME.get(stem));
}

/** The declared program a versioned name stands for (`kubectl-1.29` → kubectl), or undefined. */
function versionStem(program: string): string | undefined {
  const m = VERSION_SUFFIX.exec(program);
  const stem = m?.[1];
  return stem !== undefined && BY_NAME.has(stem) ? stem : undefined;
}

/**
 * The name a command's program is matched by: a declared name as it is, a declared program with a version glued to
 * it as that program (`helm3` → helm, `kubectl-1.29` → kubectl; python3.12 stays, its interpreter declaration
 * covers it), a PowerShell command in another case as declared (`remove-item` → Remove-Item), any other name as it is.
 */
export function canonicalProgram(program: string): string {
  if (program.length === 0 || BY_NAME.has(program)) return program;
  const spelled = declaredSpelling(program);
  if (spelled !== undefined) return spelled;
  const c = program.charCodeAt(program.length - 1);
  if (c < 48 || c > 57 || VERSIONED.test(program)) return program;
  return versionStem(program) ?? program;
}

/** The declaration of `program`, or undefined. */
export const declarationOf = (program: string): ProgramDeclaration | undefined => compiledProgram(program)?.declaration;

/** Every declared name, for the completeness test and the reference. */
export const declaredNames = (): readonly string[] => [...BY_NAME.keys()];

/** The environment variables (names, or prefixes ending in `_`) some program reads as options (environmentArgs). */
export const ENVIRONMENT_ARG_NAMES: readonly string[] = DECLARATIONS.flatMap((d) => d.environmentNames ?? []);
