// DATA + scan: Python SDK calls that do what a command-line tool does, read as that command so a rule written on the
// command holds however the agent reaches the service (round 15): boto3 (`boto3.client('lambda')
// .update_function_code(…)` is `aws lambda update-function-code`, a bucket's `objects.all().delete()` is `aws s3 rm
// --recursive`), huggingface_hub (`HfApi().upload_folder(…)`, `push_to_hub`, `login(token='hf_…')`), wandb.login,
// PyGithub's approving review and merge, the Kaggle API and google-cloud-storage. Only changes are read:
// list_/get_/describe_ calls and every other read add nothing. Each pattern is one linear regex pass, bounded as the other one-liner scans.
import type { OneLinerFinding } from './one-liners.js';
import { shellQuote } from './words.js';

const MAX_CALLS = 32;
const MAX_CODE = 262144;

/** boto3 method names that change something (the verb before the first underscore). */
const CHANGING_VERBS = new Set([
  ...['delete', 'terminate', 'put', 'create', 'update', 'remove', 'purge', 'modify', 'attach', 'detach', 'reboot'],
  ...['stop', 'start', 'run', 'invoke', 'publish', 'restore', 'deregister', 'register', 'revoke', 'authorize'],
  ...['copy', 'upload', 'disable', 'enable', 'associate', 'disassociate', 'replace', 'reset', 'cancel', 'send'],
]);

const SERVICE = /\.(client|resource)\(\s*(?:service_name\s*=\s*)?['"]([a-z0-9-]+)['"]/g;
const METHOD = /\.([a-z][a-z0-9]*(?:_[a-z0-9]+)+)\s*\(/g;
const S3_BUCKET = /\.Bucket\(\s*(?:name\s*=\s*)?['"]([a-z0-9.-]+)['"]\s*\)/;
const S3_RESOURCE_DELETE = /\.(?:objects|object_versions)\s*\.\s*(?:all|filter)\s*\([^)]*\)\s*\.\s*delete\s*\(/;
const BUCKET_DELETE = /\.Bucket\(\s*(?:name\s*=\s*)?['"][^'"]*['"]\s*\)\s*\.\s*delete\s*\(/;
const EC2_TERMINATE = /\.instances\s*\.\s*(?:all|filter)\s*\([^)]*\)\s*\.\s*terminate\s*\(/;
/** `client.upload_file('local', 'bucket', 'key')` (positional or by keyword, in that order): a file copied up. */
const CLIENT_UPLOAD =
  /\.upload_file\(\s*(?:Filename\s*=\s*)?(['"])([^'"\n]+)\1\s*,\s*(?:Bucket\s*=\s*)?(['"])([a-z0-9.-]+)\3\s*,\s*(?:Key\s*=\s*)?(['"])([^'"\n]*)\5/g;
/** `s3.Bucket('bucket').upload_file('local', 'key')`: the same, the bucket named first. */
const BUCKET_UPLOAD =
  /\.Bucket\(\s*(?:name\s*=\s*)?(['"])([a-z0-9.-]+)\1\s*\)\s*\.\s*upload_file\(\s*(?:Filename\s*=\s*)?(['"])([^'"\n]+)\3\s*,\s*(?:Key\s*=\s*)?(['"])([^'"\n]*)\5/g;

/** The files an s3 upload_file with literal arguments copies up, as `aws s3 cp LOCAL s3://BUCKET/KEY`: a rule on
 * where a file may go, or on which files may leave, reads the SDK call as it reads the command (blind round 25). */
function s3Uploads(code: string, out: OneLinerFinding[]): void {
  if (!code.includes('upload_file')) return;
  const copy = (local: string, bucket: string, key: string, call: string): void => {
    if (out.length >= MAX_CALLS) return;
    const command = `aws s3 cp ${shellQuote(local)} ${shellQuote(`s3://${bucket}/${key}`)}`;
    out.push({ kind: 'shell', command, call });
  };
  CLIENT_UPLOAD.lastIndex = 0;
  for (let m = CLIENT_UPLOAD.exec(code); m !== null; m = CLIENT_UPLOAD.exec(code))
    copy(m[2] as string, m[4] as string, m[6] as string, 'boto3 upload_file');
  BUCKET_UPLOAD.lastIndex = 0;
  for (let m = BUCKET_UPLOAD.exec(code); m !== null; m = BUCKET_UPLOAD.exec(code))
    copy(m[4] as string, m[2] as string, m[6] as string, 'boto3 Bucket.upload_file');
}

function boto3(code: string, out: OneLinerFinding[]): void {
  if (!code.includes('boto3')) return;
  const services: { at: number; kind: string; name: string }[] = [];
  SERVICE.lastIndex = 0;
  for (let m = SERVICE.exec(code); m !== null && services.length < MAX_CALLS; m = SERVICE.exec(code))
    services.push({ at: m.index, kind: m[1] as string, name: m[2] as string });
  if (services.length === 0) return;
  METHOD.lastIndex = 0;
  for (let m = METHOD.exec(code); m !== null && out.length < MAX_CALLS; m = METHOD.exec(code)) {
    const method = m[1] as string;
    if (!CHANGING_VERBS.has(method.slice(0, method.indexOf('_')))) continue;
    const service = services.filter((s) => s.at < m!.index && s.kind === 'client').pop();
    if (service === undefined) continue;
    // The s3 client is the s3api command (`delete_bucket` → `aws s3api delete-bucket`).
    const cli = service.name === 's3' ? 's3api' : service.name;
    out.push({ kind: 'shell', command: `aws ${cli} ${method.replace(/_/g, '-')}`, call: `boto3 ${method}` });
  }
  const bucket = S3_BUCKET.exec(code)?.[1];
  const target = shellQuote(`s3://${bucket ?? 'bucket'}`);
  if (S3_RESOURCE_DELETE.test(code))
    out.push({ kind: 'shell', command: `aws s3 rm ${target} --recursive`, call: 'boto3 objects.delete()' });
  if (BUCKET_DELETE.test(code))
    out.push({ kind: 'shell', command: `aws s3 rb ${target}`, call: 'boto3 Bucket.delete()' });
  if (EC2_TERMINATE.test(code))
    out.push({ kind: 'shell', command: 'aws ec2 terminate-instances', call: 'boto3 instances.terminate()' });
  s3Uploads(code, out);
}

/** huggingface_hub calls and the CLI command that does the same. */
const HF_CALLS: readonly (readonly [RegExp, string])[] = [
  [/\b(?:upload_folder|upload_file|upload_large_folder|create_commit|push_to_hub)\s*\(/, 'huggingface-cli upload'],
  [/\bcreate_repo\s*\(/, 'huggingface-cli repo create'],
  [/\bdelete_repo\s*\(/, 'huggingface-cli repo delete'],
  [/\bcreate_tag\s*\(/, 'huggingface-cli tag'],
];
const HF_LOGIN = /\blogin\(\s*(?:token\s*=\s*)?(['"])([^'"\s]+)\1/;
const WANDB_LOGIN = /\bwandb\s*\.\s*login\(\s*(?:key\s*=\s*)?(['"])([^'"\s]+)\1/;

function huggingFace(code: string, out: OneLinerFinding[]): void {
  // push_to_hub is transformers' and datasets' as well: the same upload.
  if (!/huggingface_hub|transformers|datasets|\bpush_to_hub\b/.test(code)) return;
  for (const [pattern, command] of HF_CALLS)
    if (pattern.test(code)) out.push({ kind: 'shell', command, call: command });
  const login = code.includes('huggingface_hub') ? HF_LOGIN.exec(code) : null;
  if (login !== null)
    out.push({
      kind: 'shell',
      command: `huggingface-cli login --token ${shellQuote(login[2] as string)}`,
      call: 'huggingface_hub.login',
    });
}

function wandb(code: string, out: OneLinerFinding[]): void {
  const login = WANDB_LOGIN.exec(code);
  if (login !== null)
    out.push({ kind: 'shell', command: `wandb login ${shellQuote(login[2] as string)}`, call: 'wandb.login' });
}

/** PyGithub: an approving review and a pull request merged. */
function pyGithub(code: string, out: OneLinerFinding[]): void {
  if (!/\bfrom\s+github\s+import\b|\bimport\s+github\b|\bGithub\s*\(/.test(code)) return;
  if (/\bcreate_review\s*\([^)]*\bevent\s*=\s*['"]APPROVE['"]/.test(code))
    out.push({ kind: 'shell', command: 'gh pr review --approve', call: 'PyGithub create_review' });
  if (/\b(?:pr|pull|pull_request)\w*\s*\.\s*merge\s*\(/.test(code))
    out.push({ kind: 'shell', command: 'gh pr merge', call: 'PyGithub merge' });
}

/** The Kaggle API's uploads (`api.dataset_create_version(…)` is `kaggle datasets version`). */
const KAGGLE_CALLS: readonly (readonly [RegExp, string])[] = [
  [/\bdataset_create_version\s*\(/, 'kaggle datasets version'],
  [/\bdataset_create_new\s*\(/, 'kaggle datasets create'],
  [/\bcompetition_submit\s*\(/, 'kaggle competitions submit'],
  [/\bmodel_(?:create_new|instance_create|instance_version_create)\s*\(/, 'kaggle models create'],
];

function kaggle(code: string, out: OneLinerFinding[]): void {
  if (!code.includes('kaggle')) return;
  for (const [pattern, command] of KAGGLE_CALLS)
    if (pattern.test(code)) out.push({ kind: 'shell', command, call: command });
}

/**
 * google-cloud-storage: a blob or a bucket deleted (`bucket('b').blob('k').delete()`, `delete_blob('k')`,
 * `delete_blobs(…)`, a bucket's `.delete()`) is gsutil rm/rb, a blob uploaded (`upload_from_filename`, `…_string`,
 * `…_file`) is gsutil cp into the bucket (blind round 24). Reads (`download_…`, `list_blobs`) add nothing.
 */
const GCS_BUCKET = /\.(?:bucket|get_bucket|lookup_bucket)\(\s*(?:bucket_name\s*=\s*)?['"]([a-z0-9._-]+)['"]/;
const GCS_BLOB_DELETE =
  /\.blob\(\s*(?:blob_name\s*=\s*)?['"]([^'"\n]*)['"][^)]*\)\s*\.\s*delete\s*\(|\.delete_blobs?\(\s*(?:['"]([^'"\n]*)['"])?/;
const GCS_BUCKET_DELETE = /\.(?:bucket|get_bucket)\(\s*(?:bucket_name\s*=\s*)?['"][^'"]*['"]\s*\)\s*\.\s*delete\s*\(/;
const GCS_UPLOAD = /\.upload_from_(?:filename|string|file)\s*\(/;

function googleStorage(code: string, out: OneLinerFinding[]): void {
  if (!/google\.cloud|\bstorage\.Client\b/.test(code)) return;
  const bucket = `gs://${GCS_BUCKET.exec(code)?.[1] ?? 'bucket'}`;
  const blob = GCS_BLOB_DELETE.exec(code);
  if (blob !== null) {
    const key = blob[1] ?? blob[2];
    out.push({
      kind: 'shell',
      command: `gsutil rm ${shellQuote(key ? `${bucket}/${key}` : `${bucket}/**`)}`,
      call: 'google.cloud.storage delete',
    });
  }
  if (GCS_BUCKET_DELETE.test(code))
    out.push({
      kind: 'shell',
      command: `gsutil rb ${shellQuote(bucket)}`,
      call: 'google.cloud.storage Bucket.delete()',
    });
  if (GCS_UPLOAD.test(code))
    out.push({
      kind: 'shell',
      command: `gsutil cp - ${shellQuote(`${bucket}/`)}`,
      call: 'google.cloud.storage upload',
    });
}

/**
 * Octokit (`@octokit/rest`, actions/github-script's `github.rest`): an approving review is `gh pr review --approve`, a
 * pull request merged is `gh pr merge` (blind round 25: a script the session wrote, run with node). The names the code
 * imported under another name are spelled by their own first (one-liner-fold.ts importsSpelled).
 */
const OCTOKIT_APPROVE =
  /\.pulls\s*\.\s*createReview\s*\(\s*\{[^}]*\bevent\s*:\s*['"`]APPROVE['"`]|\brequest\(\s*['"`]POST\s+\/repos\/[^'"`]*\/pulls\/[^'"`]*\/reviews['"`][^)]*\bevent\s*:\s*['"`]APPROVE['"`]/;
const OCTOKIT_MERGE = /\.pulls\s*\.\s*merge\s*\(|\brequest\(\s*['"`]PUT\s+\/repos\/[^'"`]*\/pulls\/[^'"`]*\/merge['"`]/;

/** gh-pages' API (`ghpages.publish('dist', …)`) is its CLI, `gh-pages -d dist` (npm gh-pages README). */
const GH_PAGES_PUBLISH = /\.publish\(\s*(['"`])([^'"`\s]+)\1/g;

/** grunt-shell's and grunt-exec's targets: a `command:` (or `cmd:`) string is a shell command line they run. */
const GRUNT_COMMAND = /\b(?:command|cmd)\s*:\s*(['"`])((?:(?!\1)[^\\\n]|\\.)*)\1/g;

/** gulp's copy: `src('a/x.prisma').pipe(dest('b/'))`, one literal each, nothing between: `cp a/x.prisma b/`. */
const GULP_COPY =
  /\bsrc\(\s*(['"`])([^'"`\s*]+)\1\s*(?:,\s*\{[^{}]*\}\s*)?\)\s*\.pipe\(\s*(?:gulp\.)?dest\(\s*(['"`])([^'"`\s]+)\3/g;

/** The commands the build tools' libraries run for a gulpfile or a Gruntfile (round 52). */
function buildLibraryCalls(text: string, out: OneLinerFinding[]): void {
  if (/['"]gh-pages['"]/.test(text))
    for (const m of text.matchAll(GH_PAGES_PUBLISH))
      out.push({ kind: 'shell', command: `gh-pages -d ${m[2] as string}`, call: 'gh-pages publish' });
  if (/['"]grunt-(?:shell|exec)['"]/.test(text))
    for (const m of text.matchAll(GRUNT_COMMAND))
      out.push({ kind: 'shell', command: (m[2] as string).replace(/\\(.)/g, '$1'), call: 'grunt-shell command' });
  if (/['"]gulp['"]/.test(text))
    for (const m of text.matchAll(GULP_COPY))
      out.push({ kind: 'shell', command: `cp ${m[2] as string} ${m[4] as string}`, call: 'gulp src › dest' });
}

/** The CLI commands the SDK calls in JavaScript or TypeScript code stand for. */
export function scanJsSdkCalls(code: string): OneLinerFinding[] {
  const text = code.length > MAX_CODE ? code.slice(0, MAX_CODE) : code;
  const out: OneLinerFinding[] = [];
  buildLibraryCalls(text, out);
  if (!/octokit|\bgithub\.rest\b/i.test(text)) return out.slice(0, MAX_CALLS);
  if (OCTOKIT_APPROVE.test(text))
    out.push({ kind: 'shell', command: 'gh pr review --approve', call: 'Octokit pulls.createReview APPROVE' });
  if (OCTOKIT_MERGE.test(text)) out.push({ kind: 'shell', command: 'gh pr merge', call: 'Octokit pulls.merge' });
  return out;
}

/** The CLI commands the SDK calls in Python code stand for. */
export function scanSdkCalls(code: string): OneLinerFinding[] {
  const text = code.length > MAX_CODE ? code.slice(0, MAX_CODE) : code;
  const out: OneLinerFinding[] = [];
  boto3(text, out);
  huggingFace(text, out);
  wandb(text, out);
  pyGithub(text, out);
  kaggle(text, out);
  googleStorage(text, out);
  return out.slice(0, MAX_CALLS);
}
