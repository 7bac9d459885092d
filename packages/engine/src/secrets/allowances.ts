// The allowances that keep honest work silent: placeholders, references to secret stores, local-development defaults,
// documented example keys, and the test-fixture / example-file path policy.
import { longestRun, shannonEntropy } from './entropy.js';

/** Documented example credentials (AWS's own documentation keys): never real, always safe to write. */
const DOCUMENTED_EXAMPLES = new Set([
  'AKIAIOSFODNN7EXAMPLE',
  'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
  'AKIAI44QH8DHBEXAMPLE',
]);

/** Words that mark a value as a stand-in when they appear anywhere in it (compared lower-cased). */
const PLACEHOLDER_WORDS = [
  'example',
  'sample',
  'dummy',
  'fake',
  'placeholder',
  'redacted',
  'changeme',
  'change_me',
  'change-me',
  'replace',
  'your',
  'xxxx',
  '****',
  '...',
  '…',
  'todo',
  'fixme',
  'insert',
  'lorem',
  'mock',
  'notreal',
  'not-real',
  'not_real',
  'test',
  'password',
  'passwd',
  '-here',
  '_here',
  ' here',
  'demo',
  'foobar',
  'invalid',
];

/** Whole values that are stand-ins or local-development defaults (compared lower-cased). */
/** Local development services: their names are the default credentials and the host names of a dev setup. */
const LOCAL_SERVICES = ['postgres', 'postgresql', 'mysql', 'mariadb', 'redis', 'mongo', 'mongodb', 'rabbitmq'];

const PLACEHOLDER_VALUES = new Set([
  'secret',
  'password',
  'passwd',
  'pass',
  'pwd',
  'token',
  'apikey',
  'api_key',
  'key',
  'changeit',
  'admin',
  'root',
  ...LOCAL_SERVICES,
  'guest',
  'user',
  'default',
  'dev',
  'development',
  'local',
  'localhost',
  'docker',
  'none',
  'null',
  'nil',
  'undefined',
  'empty',
  'true',
  'false',
  'string',
  'str',
  'number',
  'int',
  'any',
  'required',
  'optional',
  'unknown',
  'value',
  'foo',
  'bar',
  'baz',
  'qwerty',
  '123456',
  '12345678',
  'abc123',
  'letmein',
  'hunter2',
  'sa',
  'keycloak',
  'minioadmin',
  'elastic',
  'kibana',
  'airflow',
  'superset',
  'grafana',
  'jenkins',
  'sonar',
  'gitlab',
  'wordpress',
  'nextcloud',
  'app',
  'application',
]);

/** Prefixes of values that refer to a secret kept elsewhere instead of holding it. */
const REFERENCE_PREFIXES = [
  '$',
  '%(',
  '%{',
  '{{',
  '<',
  '#{',
  '@{',
  '`',
  'process.env',
  'import.meta.env',
  'os.environ',
  'os.getenv',
  'getenv(',
  'env(',
  'env.',
  'env[',
  'ENV[',
  'ENV.',
  'System.getenv',
  'Environment.GetEnvironmentVariable',
  'std::env',
  'env::var',
  '!vault',
  '!Ref',
  '!Sub',
  '!GetAtt',
  '!secret',
  'secretKeyRef',
  'secretRef',
  'valueFrom',
  'vault:',
  'op://',
  'sm://',
  'arn:aws:secretsmanager',
  'arn:aws:ssm',
  'ssm:',
  '@Microsoft.KeyVault',
  'keyvault:',
  'secrets.',
  'var.',
  'local.',
  'data.',
  'module.',
  'config.',
  'settings.',
  'args.',
  'options.',
  'opts.',
  'props.',
  'this.',
  'self.',
  'ctx.',
  'context.',
  'req.',
  'request.',
  'params.',
  'input.',
  'credentials.',
  'creds.',
  'file:',
  'cmd:',
];

/** Hosts that only exist on a developer's machine or in a compose network, and reserved example domains. */
const LOCAL_HOSTS = new Set([
  'localhost',
  '127.0.0.1',
  '0.0.0.0',
  '::1',
  '[::1]',
  'host.docker.internal',
  'db',
  'database',
  ...LOCAL_SERVICES,
  'amqp',
  'cache',
  'broker',
  'mq',
]);
const EXAMPLE_DOMAINS = /(?:^|\.)(?:example\.(?:com|org|net)|example|test|local|localhost|invalid|internal\.test)$/;

/** Reads as a stand-in: a placeholder word, a template, a masked value, or a known local default. */
export function isPlaceholder(value: string): boolean {
  const v = value.trim();
  if (v.length === 0) return true;
  if (DOCUMENTED_EXAMPLES.has(v)) return true;
  const lower = v.toLowerCase();
  if (PLACEHOLDER_VALUES.has(lower)) return true;
  // `secret123`, `postgres1`, `admin!`: a default with a digit or sign tacked on is still the default.
  const stem = lower.replace(/[\d!@#$%^&*._-]+$/, '');
  if (stem.length > 0 && stem !== lower && PLACEHOLDER_VALUES.has(stem)) return true;
  if (PLACEHOLDER_WORDS.some((w) => lower.includes(w))) return true;
  // A project's local-development default: plain words joined, one of them saying so (`shop_dev`, `app-local`,
  // `dev_orders`; blind round 23). A generated secret is no run of plain words.
  if (isLocalDefault(lower)) return true;
  // A substitution marker a deploy step replaces (`__STRIPE_KEY__`, `@DB_PASSWORD@`, `%API_TOKEN%`, `<SECRET_KEY>`):
  // a name between the delimiters templating tools use, which no generated secret is (blind round 24).
  if (isSubstitutionMarker(v)) return true;
  // Masked or filler values: one character repeated (`xxxxxxxx`, `00000000`) or a literal 'abcdef…/123456…' ramp.
  if (longestRun(v) >= Math.max(4, v.length - 2)) return true;
  if (/^(?:abc|123|012)/.test(lower) && shannonEntropy(v) < 3.2) return true;
  return false;
}

/** A name between the delimiters templating tools use: `__NAME__`, `@NAME@`, `%NAME%`, `<NAME>`, `[[NAME]]`. */
const MARKER = /^(?:__|@|%|<|\[\[)([A-Za-z][\w.-]{0,80}?)(?:__|@|%|>|\]\])$/;
export function isSubstitutionMarker(v: string): boolean {
  const name = MARKER.exec(v)?.[1];
  if (name === undefined) return false;
  // Plain words joined (STRIPE_SECRET_KEY, db.password): a random value between the delimiters is still a value.
  return name.split(/[_.-]+/).every((p) => p === '' || /^[A-Za-z]{1,20}\d{0,3}$/.test(p));
}

const LOCAL_PARTS = new Set(['dev', 'development', 'local', 'localdev', 'devel']);
function isLocalDefault(lower: string): boolean {
  if (lower.length > 32) return false;
  const parts = lower.split(/[._-]/);
  return parts.length >= 2 && parts.every((p) => /^[a-z]+\d{0,4}$/.test(p)) && parts.some((p) => LOCAL_PARTS.has(p));
}

/** Refers to a secret kept elsewhere (an env var, a template, a secret manager) instead of holding it. */
export function isReference(value: string): boolean {
  const v = value.trim();
  return (
    REFERENCE_PREFIXES.some((p) => v.startsWith(p)) ||
    /\$\{[^}]{1,200}\}|\{\{[^}]{0,200}\}\}|\$\(/.test(v) ||
    // An escaped reference (`\${TOKEN}` in a double-quoted `sh -c` string) is expanded by the inner shell; a regular
    // expression (the pattern side of `s/token: .*/token: ${TOKEN}/`) stands for any value and holds none.
    /^(?:\\\$|\.\*|\.\+|\\[sSdDwW]|\[\^)/.test(v) ||
    // The name of an environment variable (`"secretKey": "STRIPE_SECRET_KEY"` in node-config's
    // custom-environment-variables.json, round 33): the value is read from it at run time.
    /^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+$/.test(v) ||
    // An environment variable named in a config's own reference syntax (`api_key: "env_var:CLAUDE_API_KEY"`, `env:
    // STRIPE_KEY`: round 46): the program reads the value from there.
    /^(?:env|env_?var|environment)\s*:\s*[A-Za-z_][A-Za-z0-9_]*$/i.test(v)
  );
}

/** A host only reachable on a developer's machine, in a compose network, or a reserved example name. */
export function isLocalHost(host: string): boolean {
  const h = host.toLowerCase();
  return LOCAL_HOSTS.has(h) || EXAMPLE_DOMAINS.test(h) || /^(?:127\.|10\.0\.2\.2$|192\.168\.)/.test(h);
}

/**
 * A known-format token that is clearly not real: a documented example, a placeholder word in it, or a random part with
 * too little entropy (`ghp_xxxx…`, `sk_live_000…`).
 */
export function looksLikeFakeToken(token: string, randomPart: string): boolean {
  if (DOCUMENTED_EXAMPLES.has(token)) return true;
  const lower = token.toLowerCase();
  if (['example', 'xxxx', 'dummy', 'fake', 'placeholder', 'redacted', 'your'].some((w) => lower.includes(w)))
    return true;
  if (longestRun(randomPart) >= 5) return true;
  const bar = Math.min(3.0, Math.log2(Math.max(randomPart.length, 2)) - 1.5);
  return shannonEntropy(randomPart) < bar;
}

// Test and example files: folders and names that hold fixtures, templates and samples.
const FIXTURE_DIR =
  /(?:^|\/)(?:test|tests|__tests__|spec|specs|fixtures?|__fixtures__|testdata|test-data|mocks?|__mocks__|examples?|samples?)\//i;
const FIXTURE_NAME =
  /(?:\.(?:test|spec|fixture|mock|stories)\.[^/]+|_test\.[^/]+|_spec\.[^/]+|\.(?:example|sample|template|dist|tmpl|tpl)(?:\.[^/]+)?|^\.env\.(?:example|sample|template|dist|defaults))$/i;

/**
 * A test fixture, mock, example or template file. Policy: there, the heuristic rules (credential-assignment,
 * connection-string-password, high-entropy) only fire for values that look machine-generated; known formats always fire.
 */
export function isFixturePath(path: string | undefined): boolean {
  if (path === undefined || path.length === 0) return false;
  const p = path.replace(/\\/g, '/');
  const name = p.slice(p.lastIndexOf('/') + 1);
  return FIXTURE_DIR.test(p.startsWith('/') ? p : `/${p}`) || FIXTURE_NAME.test(name);
}
