// Contract templates the editor can insert: one per kind of trigger, each with an example that fires and a near miss,
// and anchors that exist in the catalogue (the test suite checks every anchor link).
export interface ContractTemplate {
  readonly key: string;
  readonly label: string;
  readonly contract: Readonly<Record<string, unknown>>;
}

export const TEMPLATES: readonly ContractTemplate[] = [
  {
    key: 'shell-command',
    label: 'Block a shell command',
    contract: {
      id: 'no-force-push',
      description: 'Force-pushing rewrites history that others build on.',
      mode: 'BLOCK',
      anchorRefs: ['github-flow'],
      when: { tool: { name: 'bash', command: '\\bgit\\s+push\\b.*(--force|\\s-f\\b)' } },
      unless: { tool: { command: '--force-with-lease' } },
      message: 'Push a new commit or open a pull request; ask a human if history must change.',
      examples: [
        { event: { tool: 'bash', args: { command: 'git push --force origin main' } }, expect: 'BLOCK' },
        { event: { tool: 'bash', args: { command: 'git push origin feature/x' } }, expect: 'ALLOW' },
      ],
    },
  },
  {
    key: 'protected-path',
    label: 'Block edits to some paths',
    contract: {
      id: 'no-edits-to-generated',
      description: 'Generated files are overwritten by the next build; change their source instead.',
      mode: 'BLOCK',
      anchorRefs: ['docs-as-code'],
      when: { tool: { name: ['write', 'edit', 'patch'], path: ['**/generated/**', '**/*.gen.ts'] } },
      message: 'Edit the generator or its input, then regenerate.',
      examples: [
        { event: { tool: 'edit', args: { filePath: 'src/generated/api.ts' } }, expect: 'BLOCK' },
        { event: { tool: 'edit', args: { filePath: 'src/api.ts' } }, expect: 'ALLOW' },
      ],
    },
  },
  {
    key: 'content-pattern',
    label: 'Warn on written content',
    contract: {
      id: 'no-secrets-in-files',
      description: 'Secrets belong in the environment, not in the code (Twelve-Factor config).',
      mode: 'WARN',
      anchorRefs: ['twelve-factor-app'],
      when: {
        tool: {
          name: ['write', 'edit', 'patch'],
          content: '(?i)(api[_-]?key|secret|password)\\s*[:=]\\s*["\']?[A-Za-z0-9/+]{12,}',
        },
      },
      message: 'Read the value from an environment variable instead.',
      examples: [
        {
          event: { tool: 'write', args: { filePath: 'src/config.ts', content: 'const apiKey = "abcd1234efgh5678"' } },
          expect: 'WARN',
        },
        {
          event: { tool: 'write', args: { filePath: 'src/config.ts', content: 'const apiKey = process.env.API_KEY' } },
          expect: 'ALLOW',
        },
      ],
    },
  },
  {
    key: 'step-confirmation',
    label: 'Ask the human every N tool calls',
    contract: {
      id: 'confirm-every-ten-calls',
      description:
        'Long unattended runs drift; the human confirms the direction every ten calls (nearest anchor: GitHub Flow review points).',
      mode: 'BLOCK',
      anchorRefs: ['github-flow'],
      when: { tool: {}, state: { toolCalls: 10 } },
      message: 'Summarise what you did and ask the human to say "continue".',
    },
  },
  {
    key: 'test-first',
    label: 'Warn when code changes before its tests',
    contract: {
      id: 'test-first',
      description: 'Write or change a failing test before the production code (Red-Green TDD).',
      mode: 'WARN',
      anchorRefs: ['red-green-tdd'],
      when: {
        tool: { name: ['write', 'edit'], path: ['src/**', '!src/**/*.test.*'] },
        state: { notAfter: { tool: { name: ['write', 'edit'], path: '**/*.test.*' } } },
      },
      message: 'Start with a failing test for the behaviour you are about to change.',
      examples: [
        { event: { tool: 'edit', args: { filePath: 'src/app.ts' } }, expect: 'WARN' },
        {
          given: [{ tool: 'edit', args: { filePath: 'src/app.test.ts' } }],
          event: { tool: 'edit', args: { filePath: 'src/app.ts' } },
          expect: 'ALLOW',
        },
      ],
    },
  },
  {
    key: 'message',
    label: 'React to a human message',
    contract: {
      id: 'commit-style-reminder',
      description: 'When the human asks for a commit, the agent follows Conventional Commits.',
      mode: 'WARN',
      anchorRefs: ['conventional-commits'],
      when: { message: { text: '(?i)\\bcommit\\b' } },
      message: 'Write the commit message as type(scope): summary.',
      examples: [
        { event: { message: 'please commit this' }, expect: 'WARN' },
        { event: { message: 'run the tests' }, expect: 'ALLOW' },
      ],
    },
  },
];
