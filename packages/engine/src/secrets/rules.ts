// The rule list for docs and traces: every id a scanner can report, with its words, where it comes from, and how sure.
import { TOKEN_RULES } from './token-rules.js';
import type { SecretRuleInfo, SecretStrength } from './types.js';

interface RuleEntry extends SecretRuleInfo {
  readonly strength: SecretStrength;
}

const OURS = 'semantic-anchors (key-name and value heuristics, tested in test/secrets/cases)';

const SCANNER_RULES: readonly RuleEntry[] = [
  {
    id: 'private-key',
    description: 'private key block',
    strength: 'format',
    source: 'secretlint preset-recommend 13.1.0 (MIT): rule-privatekey; RFC 7468 PEM labels',
  },
  {
    id: 'gcp-service-account-key',
    description: 'Google service-account private key',
    strength: 'format',
    source: 'secretlint preset-recommend 13.1.0 (MIT): rule-gcp; Google service-account JSON key format',
  },
  {
    id: 'aws-secret-access-key',
    description: 'AWS secret access key',
    strength: 'format',
    source: 'secretlint preset-recommend 13.1.0 (MIT): rule-aws; git-secrets',
  },
  {
    id: 'azure-storage-key',
    description: 'Azure storage or service-bus key',
    strength: 'format',
    source: 'Azure connection-string documentation (AccountKey=, SharedAccessKey=); gitleaks as a reference',
  },
  {
    id: 'slack-webhook',
    description: 'Slack incoming webhook URL',
    strength: 'format',
    source: 'secretlint preset-recommend 13.1.0 (MIT): rule-slack',
  },
  {
    id: 'jwt',
    description: 'JSON Web Token',
    strength: 'format',
    source: 'RFC 7519 (three base64url parts, JSON header); silent in test fixtures',
  },
  {
    id: 'credential-assignment',
    description: 'credential assigned in code or config',
    strength: 'heuristic',
    source: OURS,
  },
  { id: 'high-entropy', description: 'random-looking key value', strength: 'heuristic', source: OURS },
  {
    id: 'authorization-header',
    description: 'credential in an Authorization header',
    strength: 'heuristic',
    source: OURS,
  },
  {
    id: 'connection-string-password',
    description: 'password in a connection string',
    strength: 'heuristic',
    source: 'secretlint preset-recommend 13.1.0 (MIT): rule-database-connection-string, rule-basicauth; ours for hosts',
  },
  { id: 'command-line-password', description: 'password on a command line', strength: 'heuristic', source: OURS },
  {
    id: 'placeholder-filled',
    description: "a template's placeholder filled with a random-looking literal by sed or perl",
    strength: 'heuristic',
    source: OURS,
  },
];

const tokenEntries: RuleEntry[] = [];
for (const r of TOKEN_RULES) {
  if (tokenEntries.some((e) => e.id === r.id)) continue;
  tokenEntries.push({ id: r.id, description: r.description, source: r.source, strength: 'format' });
}

const ALL: readonly RuleEntry[] = [...tokenEntries, ...SCANNER_RULES];

export const RULES_BY_ID: ReadonlyMap<string, RuleEntry> = new Map(ALL.map((r) => [r.id, r]));

/** Every rule the detector can report: id, short description, and where its format comes from. */
export const SECRET_RULES: readonly { id: string; description: string; source: string }[] = ALL.map((r) => ({
  id: r.id,
  description: r.description,
  source: r.source,
}));
