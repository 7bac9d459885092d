// Blind round 43 (issue 17, real commands from public code): a script the session wrote reads its input with `read`,
// and the input is piped to it (`echo '{"key":…}' | bash install-kaggle-token.sh`): what it reads is what it writes.
import { describe, expect, it } from 'vitest';
import type { Event } from '../../src/index.js';
import { bash, policyOf, replay } from '../helpers.js';

const policy = policyOf(
  [
    'version: 1',
    'contracts:',
    '  - id: no-kaggle-key',
    '    mode: BLOCK',
    '    description: a literal key kept in the Kaggle CLI config outlives the task',
    '    message: keep the key in the environment',
    '    when:',
    '      - tool: {effect: {kind: [write, append], path: "~/.kaggle/kaggle.json", content: "\\"key\\"\\\\s*:\\\\s*\\"[0-9a-f]{8,}\\""}}',
  ].join('\n'),
  { root: '/p' },
);
const script = (body: string): Event => ({
  tool: 'write',
  args: { filePath: '/p/install-token.sh', content: `#!/bin/bash\n${body}` },
});
const decisions = (...events: Event[]) => replay(policy, events).verdicts.map((v) => v.decision);
const KEY = `'{"username":"ines","key":"9705ae0eef0f78b5faaae0aaaaeac6cc"}'`;

describe("a script's first statement reads what the script is given on stdin", () => {
  it('puts the line piped in into the variable `read` names', () => {
    const install = script('read -p "token: " api_token\necho $api_token > ~/.kaggle/kaggle.json\n');
    expect(decisions(install, bash(`echo ${KEY} | bash install-token.sh`))).toEqual(['ALLOW', 'BLOCK']);
    expect(decisions(install, bash(`bash install-token.sh <<< ${KEY}`))).toEqual(['ALLOW', 'BLOCK']);
  });

  it('knows nothing it was not given: no input, or a value from the environment', () => {
    const install = script('read -p "token: " api_token\necho $api_token > ~/.kaggle/kaggle.json\n');
    expect(decisions(install, bash('bash install-token.sh'))).toEqual(['ALLOW', 'ALLOW']);
    expect(decisions(install, bash('echo "$KAGGLE_JSON" | bash install-token.sh'))).toEqual(['ALLOW', 'ALLOW']);
  });

  it('passes over statements that read no input, as a shell does: the first that may read it gets it', () => {
    const later = script(
      'set -e\necho "Installing the token"\nmkdir -p ~/.kaggle\nread -r api_token\necho $api_token > ~/.kaggle/kaggle.json\n',
    );
    expect(decisions(later, bash(`echo ${KEY} | bash install-token.sh`))).toEqual(['ALLOW', 'BLOCK']);
    // A program that may read it takes it: the read after it gets nothing known.
    const eaten = script('cat > /tmp/first.json\nread -r api_token\necho $api_token > ~/.kaggle/kaggle.json\n');
    expect(decisions(eaten, bash(`echo ${KEY} | bash install-token.sh`))).toEqual(['ALLOW', 'ALLOW']);
  });
});
