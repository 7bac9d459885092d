// The known token formats as data: literal prefixes to find a candidate cheaply, and a shape check on the whole run.
//
// Formats derived from the published patterns of secretlint's recommended preset
// (@secretlint/secretlint-rule-preset-recommend 13.1.0, MIT, © azu — see THIRD-PARTY-secrets.md) and checked against
// the vendors' documentation and gitleaks' rule list (read as a reference, nothing copied). We do not run secretlint's
// rule modules: they import `node:path`, are asynchronous in places and need secretlint's runtime (see the README).
//
// INVARIANT (linear time): a rule finds candidates with `prefix + maximal run of the rule's charset`; nothing follows
// the run in the search pattern, so the regex engine never backtracks, and the search resumes after each run. The
// `shape` regex is then tested on that one run, anchored at both ends, with a character class that cannot overlap
// what follows it.

export interface TokenRule {
  readonly id: string;
  readonly description: string;
  readonly source: string;
  /** Literal prefixes (case-sensitive) that start a token of this format. */
  readonly prefixes: readonly string[];
  /** The characters a token of this format is made of, as a regex character class body. */
  readonly charset: string;
  /** The whole run (prefix included) must match this, anchored. */
  readonly shape: RegExp;
  /** The part of the run whose randomness is checked (defaults to everything after the prefix). */
  readonly randomPart?: (run: string, prefix: string) => string;
}

const SECRETLINT = 'secretlint preset-recommend 13.1.0 (MIT)';

export const TOKEN_RULES: readonly TokenRule[] = [
  {
    id: 'aws-access-key-id',
    description: 'AWS access key id',
    source: `${SECRETLINT}: rule-aws; AWS IAM documentation`,
    prefixes: ['AKIA', 'ASIA', 'ABIA', 'ACCA'],
    charset: 'A-Z0-9',
    shape: /^A(?:KIA|SIA|BIA|CCA)[A-Z2-7]{16}$/,
  },
  {
    id: 'github-token',
    description: 'GitHub token',
    source: `${SECRETLINT}: rule-github; GitHub token format documentation`,
    prefixes: ['ghp_', 'gho_', 'ghu_', 'ghs_', 'ghr_'],
    charset: 'A-Za-z0-9_',
    shape: /^gh[pousr]_[A-Za-z0-9]{36}$/,
  },
  {
    id: 'github-token',
    description: 'GitHub fine-grained token',
    source: `${SECRETLINT}: rule-github`,
    prefixes: ['github_pat_'],
    charset: 'A-Za-z0-9_',
    shape: /^github_pat_[A-Za-z0-9_]{82}$/,
  },
  {
    id: 'gitlab-token',
    description: 'GitLab personal access token',
    source: `${SECRETLINT}: rule-gitlab`,
    prefixes: ['glpat-'],
    charset: 'A-Za-z0-9_\\-',
    shape: /^glpat-[A-Za-z0-9_-]{20,128}$/,
  },
  {
    id: 'stripe-live-key',
    description: 'Stripe live secret key',
    source: `${SECRETLINT}: rule-stripe (live keys only: test-mode keys move no money)`,
    prefixes: ['sk_live_', 'rk_live_'],
    charset: 'A-Za-z0-9_',
    shape: /^[sr]k_live_[A-Za-z0-9]{24,99}$/,
  },
  {
    id: 'anthropic-api-key',
    description: 'Anthropic API key',
    source: `${SECRETLINT}: rule-anthropic`,
    prefixes: ['sk-ant-'],
    charset: 'A-Za-z0-9_\\-',
    shape: /^sk-ant-[a-z]{3,6}\d{2}-[A-Za-z0-9_-]{32,160}$/,
    randomPart: (run) => run.slice(run.indexOf('-', 7) + 1),
  },
  {
    id: 'openai-api-key',
    description: 'OpenAI API key',
    source: `${SECRETLINT}: rule-openai; OpenAI key formats (legacy, project, service account, admin)`,
    prefixes: ['sk-'],
    charset: 'A-Za-z0-9_\\-',
    // Project/service/admin keys are long; legacy keys are 48 characters after `sk-` with the `T3BlbkFJ` marker.
    shape:
      /^sk-(?:(?:proj|svcacct|admin)-[A-Za-z0-9_-]{40,200}|[A-Za-z0-9]{20}T3BlbkFJ[A-Za-z0-9]{20}|[A-Za-z0-9]{48})$/,
  },
  {
    id: 'slack-token',
    description: 'Slack token',
    source: `${SECRETLINT}: rule-slack`,
    prefixes: ['xoxb-', 'xoxp-', 'xoxa-', 'xoxr-', 'xoxs-', 'xoxo-', 'xapp-'],
    charset: 'A-Za-z0-9\\-',
    shape: /^x(?:ox[bparso]|app)-(?:\d-)?(?:[A-Za-z0-9]{1,40}-){1,6}[A-Za-z0-9]{8,64}$/,
    randomPart: (run) => run.slice(run.lastIndexOf('-') + 1),
  },
  {
    id: 'npm-token',
    description: 'npm access token',
    source: `${SECRETLINT}: rule-npm`,
    prefixes: ['npm_'],
    charset: 'A-Za-z0-9_',
    shape: /^npm_[A-Za-z0-9]{36}$/,
  },
  {
    id: 'sendgrid-api-key',
    description: 'SendGrid API key',
    source: `${SECRETLINT}: rule-sendgrid; SendGrid documentation (SG.<22>.<43>)`,
    prefixes: ['SG.'],
    charset: 'A-Za-z0-9_.\\-',
    shape: /^SG\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}$/,
  },
  {
    id: 'twilio-api-key',
    description: 'Twilio API key',
    source: 'Twilio documentation (API key SIDs are SK + 32 hex); gitleaks twilio-api-key as a reference',
    prefixes: ['SK'],
    charset: 'A-Za-z0-9',
    shape: /^SK[0-9a-f]{32}$/,
  },
  {
    id: 'gcp-api-key',
    description: 'Google API key',
    source: 'Google Cloud documentation (AIza + 35); gitleaks gcp-api-key as a reference',
    prefixes: ['AIza'],
    charset: 'A-Za-z0-9_\\-',
    shape: /^AIza[A-Za-z0-9_-]{35}$/,
  },
  {
    id: 'huggingface-token',
    description: 'Hugging Face token',
    source: `${SECRETLINT}: rule-huggingface`,
    prefixes: ['hf_'],
    charset: 'A-Za-z0-9_',
    shape: /^hf_[A-Za-z]{34}$/,
  },
  {
    id: 'groq-api-key',
    description: 'Groq API key',
    source: `${SECRETLINT}: rule-groq`,
    prefixes: ['gsk_'],
    charset: 'A-Za-z0-9_',
    shape: /^gsk_[A-Za-z0-9]{52}$/,
  },
  {
    id: 'docker-token',
    description: 'Docker Hub personal access token',
    source: `${SECRETLINT}: rule-docker`,
    prefixes: ['dckr_pat_'],
    charset: 'A-Za-z0-9_\\-',
    shape: /^dckr_pat_[A-Za-z0-9_-]{27}$/,
  },
  {
    id: 'vault-token',
    description: 'HashiCorp Vault token',
    source: `${SECRETLINT}: rule-hashicorp-vault`,
    prefixes: ['hvs.', 'hvb.', 'hvr.'],
    charset: 'A-Za-z0-9_.\\-',
    // (a service token is 90 characters or more; a dev server's root token, `hvs.6j4cuewowBGit65rheNoceI7` as Vault's
    // tutorials print it, and the ones scripts export, are shorter: round 46)
    shape: /^hv[sbr]\.[A-Za-z0-9_-]{24,300}$/,
  },
  {
    id: 'shopify-token',
    description: 'Shopify access token',
    source: `${SECRETLINT}: rule-shopify`,
    prefixes: ['shpat_', 'shpca_', 'shppa_', 'shpss_'],
    charset: 'A-Za-z0-9_',
    shape: /^shp(?:at|ca|pa|ss)_[A-Za-z0-9]{32,64}$/,
  },
  {
    id: 'databricks-token',
    description: 'Databricks access token',
    source: `${SECRETLINT}: rule-databricks`,
    prefixes: ['dapi'],
    charset: 'A-Za-z0-9\\-',
    shape: /^dapi[a-f0-9]{32}(?:-\d)?$/,
  },
  {
    id: 'grafana-token',
    description: 'Grafana token',
    source: `${SECRETLINT}: rule-grafana`,
    prefixes: ['glsa_', 'glc_'],
    charset: 'A-Za-z0-9_+/=',
    shape: /^(?:glsa_[A-Za-z0-9]{32}_[A-Fa-f0-9]{8}|glc_[A-Za-z0-9+/]{32,400}={0,2})$/,
  },
];
