// Reads a key name (`DB_PASSWORD`, `dbPassword`, `"client_secret"`, `--api-key`) and says what kind of secret its value
// would hold, if any. Key names are split into words so `passwordHash`, `secretName` or `max_tokens` stay silent.

export type KeyKind =
  /** The value is a credential: a password, a token, an API key, a client secret. */
  | 'credential'
  /** An AWS secret access key (checked for its 40-character shape). */
  | 'aws-secret'
  /** A generic key (`SIGNING_SALT`, `STORAGE_KEY`): only a random-looking value counts. */
  | 'key';

/** Nouns that, as the last word of a key, make its value a credential. */
const CREDENTIAL_NOUNS = new Set([
  'password',
  'passwd',
  'pwd',
  'pass',
  'passphrase',
  'secret',
  'token',
  'apikey',
  'credential',
  'credentials',
  'pat',
  'privatekey',
  'secretkey',
  'accesskey',
  'authkey',
  'authorization',
  'pw',
  'passcode',
  'authtoken',
  'accesstoken',
]);

/** Qualifiers that make a following `key` a credential (`api key`, `private key`, `signing key`). */
const KEY_QUALIFIERS = new Set([
  'api',
  'secret',
  'private',
  'access',
  'auth',
  'signing',
  'encryption',
  'encrypt',
  'master',
  'client',
  'app',
  'license',
  'licence',
  'session',
  'service',
  'account',
  'webhook',
  'jwt',
  'hmac',
  'crypto',
  'cipher',
  'aes',
  'sk',
  'admin',
  'write',
  'read',
  'deploy',
  'storage',
  'subscription',
]);

/** Words that mean the value is about a secret, not the secret itself (`passwordHash`, `tokenUrl`, `secretName`). */
const NOT_A_VALUE = new Set([
  'hash',
  'hashed',
  'digest',
  'length',
  'len',
  'min',
  'max',
  'minlength',
  'maxlength',
  'field',
  'fields',
  'label',
  'placeholder',
  'hint',
  'url',
  'uri',
  'endpoint',
  'path',
  'file',
  'filename',
  'dir',
  'name',
  'names',
  'type',
  'ref',
  'kind',
  'count',
  'expiry',
  'expires',
  'expiration',
  'expire',
  'ttl',
  'enabled',
  'required',
  'policy',
  'reset',
  'regex',
  'pattern',
  'header',
  'prefix',
  'env',
  'var',
  'input',
  'validation',
  'validator',
  'confirm',
  'message',
  'error',
  'errors',
  'strength',
  'prompt',
  'usage',
  'id',
  'ids',
  'format',
  'limit',
  'timeout',
  'mode',
  'provider',
  'store',
  'manager',
  'rotation',
  'version',
  'schema',
  'selector',
  'button',
  'form',
  'visible',
  'show',
  'toggle',
  'icon',
  'class',
  'style',
  'text',
  'title',
  'description',
  'help',
  'generator',
  'location',
  'size',
  'public',
  'publishable',
  'pub',
  'tokens',
  'tokenizer',
  'csrf',
  'xsrf',
  'page',
  'next',
  'continuation',
  'pagination',
  'sync',
  'forgot',
  'lifetime',
  'duration',
  'source',
  'key_ref',
  'keyref',
  'secretref',
  'secretkeyref',
  'from',
  'mount',
  'volume',
  'ssm',
  'arn',
  'vault',
  'path',
  'command',
  'cmd',
  'changed',
  'updated',
  'created',
  'at',
  'is',
  'has',
  'should',
  'use',
  'needs',
  'allow',
  'dialog',
  'modal',
  'screen',
  'page',
  'route',
  'link',
  'column',
  'table',
  'param',
  'params',
  'query',
  'status',
  'state',
  'valid',
  'invalid',
  'missing',
  'mismatch',
  'old',
  'policy',
  'rules',
  'entropy',
  'bits',
  'algorithm',
  'algo',
  'cipher_suite',
  'estimate',
  'meter',
  'storage_key',
  'cache',
  'local',
  'max_age',
  // Helm charts' `existingSecret: orders-db-credentials` (Bitnami's auth.existingSecret and its *Key fields) names a
  // Kubernetes Secret that already holds the value (blind round 35)
  'existing',
]);

/** `dbPassword`, `DB_PASSWORD`, `db-password`, `db.password` → ['db', 'password']. */
export function keyWords(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 0);
}

const ENDINGS = ['password', 'passwd', 'secret', 'token', 'apikey', 'passphrase'];

/** The kind of secret a value under this key holds, or undefined when the key does not name a secret. */
export function classifyKey(name: string): KeyKind | undefined {
  let words = keyWords(name);
  // Ansible's convention: `vault_db_password` is the variable that holds the db password (ansible-vault encrypts the
  // file), so a leading `vault` names where the value lives, not what it is about. Its value is judged like any other:
  // `{{ lookup(…) }}`, `!vault |` and placeholders stay silent.
  if (words[0] === 'vault' && words.length > 1) words = words.slice(1);
  if (words.length === 0) return undefined;
  if (words.some((w) => NOT_A_VALUE.has(w))) return undefined;
  const joined = words.join('');
  if (joined.includes('secretaccesskey')) return 'aws-secret';
  const last = words[words.length - 1]!;
  // Rails' `secret_key_base`, `SECRET_KEY_FALLBACK`: a secret key with a suffix is still a secret key.
  if (joined.includes('secretkey')) return 'credential';
  if (CREDENTIAL_NOUNS.has(last)) return 'credential';
  // `dbpassword`, `mysqlrootpassword`, `authtoken`: words run together.
  if (ENDINGS.some((e) => last.endsWith(e) && last.length <= e.length + 12)) return 'credential';
  if (last === 'key' || last === 'keys') {
    const before = words[words.length - 2];
    if (before !== undefined && KEY_QUALIFIERS.has(before)) return 'credential';
    return 'key';
  }
  if (last === 'salt' || last === 'seed' || last === 'hmac' || last === 'signature') return 'key';
  return undefined;
}
