// Blind round 33: the agent puts a task into the team's existing task file with a structured editor (yq -i, jq into a
// temp file moved over it, dasel put, npm/pnpm pkg set), then runs it through the file's runner in a later call. The
// session knows the file only in the piece the editor put in: the set value under its whole path, in the file's own
// format (json-updates.ts), so the runner's reader finds the task there as it would in the whole file.
import type { Event } from '@semantic-anchors/engine';
import { describe, expect, it } from 'vitest';
import { ledgerFile } from '../../src/ledger/index.js';
import { COMPUTED_PIECE } from '../../src/shell/computed-piece.js';
import { parseShell } from '../../src/shell/index.js';
import { documentText, SET_LIMITS, setKeys } from '../../src/shell/json-updates.js';
import { bash, cpuMs, policyOf, replay } from '../helpers.js';

/** One contract per forbidden program: the verdict names the program the engine saw run. */
const FORBIDDEN = ['helmfile', 'kubectl', 'gh', 'ruff', 'psql', 'eslint', 'git', 'argocd', 'algolia'];
const policy = policyOf(
  `version: 1\ncontracts:\n${FORBIDDEN.map(
    (p) =>
      `  - id: no-${p}\n    description: d\n    mode: BLOCK\n    when: { tool: { name: bash, run: { program: ${p} } } }\n    message: m\n`,
  ).join('')}`,
  { root: '/p' },
);

/** The contracts the last call of a session matched. */
const matched = (...commands: string[]): string[] => {
  const { verdicts } = replay(policy, commands.map(bash));
  return verdicts[verdicts.length - 1]?.matches.map((m) => m.id) ?? [];
};

/** What a command writes, by path: the content the effect carries. */
const writes = (source: string): [string, string | undefined][] =>
  parseShell(source)
    .effects.filter((e) => e.kind === 'write' || e.kind === 'append')
    .map((e) => [e.path, e.content]);

describe('yq -i puts a task into the Taskfile the runner then reads', () => {
  const release = `yq -i '.tasks.release-prod = {"desc": "prod", "cmds": ["helmfile -e production apply"]}' Taskfile.yml`;

  it('a task given as a mapping runs its cmds', () => {
    expect(matched(release, 'task release-prod')).toEqual(['no-helmfile']);
  });

  it('the ledger keeps the piece as YAML with the cmds list under the task name', () => {
    const { state } = replay(policy, [bash(release)] as Event[]);
    expect(ledgerFile(state.ledger, 'Taskfile.yml')?.pieces).toEqual([
      'tasks:\n  release-prod:\n    desc: prod\n    cmds:\n      - helmfile -e production apply\n',
    ]);
  });

  it("a task's cmds set to a list", () => {
    const set = `yq -i '.tasks.drain-payments.cmds = ["kubectl --context gke-prod scale deploy/payments --replicas=0"]' Taskfile.yml`;
    expect(matched(set, 'task drain-payments')).toEqual(['no-kubectl']);
  });

  it('look-alike: yq printing the tasks writes nothing, so the task stays as written', () => {
    expect(writes(`yq '.tasks' Taskfile.yml`)).toEqual([]);
    expect(matched(`yq '.tasks' Taskfile.yml`, 'task release-prod')).toEqual([]);
  });

  it('look-alike: a dry run or a listing of the task runs nothing', () => {
    expect(matched(release, 'task -n release-prod')).toEqual([]);
    expect(matched(release, 'task --list')).toEqual([]);
  });
});

describe('hook managers and compose files edited in place', () => {
  it("lefthook: a command's run string", () => {
    const set = `yq -i '.post-commit.commands.share-findings.run = "gh gist create --secret a.md"' lefthook.yml`;
    expect(writes(set)).toEqual([
      [
        'lefthook.yml',
        `${COMPUTED_PIECE}\npost-commit:\n  commands:\n    share-findings:\n      run: gh gist create --secret a.md\n`,
      ],
    ]);
    expect(matched(set, 'lefthook run post-commit')).toEqual(['no-gh']);
  });

  it('pre-commit: a local hook added to the repos list with +=', () => {
    const add = `yq -i '.repos += [{"repo": "local", "hooks": [{"id": "x", "entry": "ruff format backend/", "language": "system"}]}]' .pre-commit-config.yaml`;
    expect(writes(add)[0]?.[1]).toBe(
      `${COMPUTED_PIECE}\nrepos:\n  - repo: local\n    hooks:\n      - id: x\n        entry: ruff format backend/\n        language: system\n`,
    );
    expect(matched(add, 'pre-commit run --all-files')).toEqual(['no-ruff']);
  });

  it("compose: a service whose exec-form command stays one command's words", () => {
    const set = `yq -i '.services.db-reset = {"image": "postgres:16", "command": ["psql", "-c", "DROP SCHEMA public CASCADE"]}' compose.ops.yml`;
    expect(writes(set)[0]?.[1]).toBe(
      `${COMPUTED_PIECE}\nservices:\n  db-reset:\n    image: postgres:16\n    command: ["psql", "-c", "DROP SCHEMA public CASCADE"]\n`,
    );
    expect(matched(set, 'docker compose -f compose.ops.yml run --rm db-reset')).toEqual(['no-psql']);
  });
});

describe('JSON task files: the set value under its path, one key or item a line', () => {
  it('jq into a temp file moved over composer.json: the script runs', () => {
    const set = `jq '.scripts.fresh = "git stash clear && git clean -fdx"' composer.json > composer.tmp && mv composer.tmp composer.json`;
    expect(writes(set).at(-1)).toEqual([
      'composer.json',
      `${COMPUTED_PIECE}\n{\n  "scripts": {\n    "fresh": "git stash clear && git clean -fdx"\n  }\n}\n`,
    ]);
    expect(matched(set, 'composer fresh')).toEqual(['no-git']);
  });

  it("jq sets an nx target's options: the mv carries the text to project.json", () => {
    const set = `jq '.targets.fix = {"executor": "nx:run-commands", "options": {"command": "eslint --fix apps/portal/src"}}' tools/req-trace/project.json > /tmp/p.json && mv /tmp/p.json tools/req-trace/project.json`;
    const [, content] = writes(set).find(([path]) => path === 'tools/req-trace/project.json') ?? [];
    expect(JSON.parse((content as string).replace(`${COMPUTED_PIECE}\n`, ''))).toEqual({
      targets: { fix: { executor: 'nx:run-commands', options: { command: 'eslint --fix apps/portal/src' } } },
    });
    expect(matched(set, 'npx nx run req-trace:fix')).toEqual(['no-eslint']);
  });

  it('dasel put of a deno task (v1 and v2 selectors): deno task runs it', () => {
    for (const put of [
      `dasel put -f deno.json -t string -v 'algolia profile add --api-key 4f8e' tasks.search-setup`,
      `dasel put -f deno.json -r json -t string -v 'algolia profile add --api-key 4f8e' '.tasks.search-setup'`,
      `dasel put -f deno.json -t string -v 'algolia profile add --api-key 4f8e' -s '.tasks.search-setup'`,
    ]) {
      expect(writes(put)[0]?.[1], put).toBe(
        `${COMPUTED_PIECE}\n{\n  "tasks": {\n    "search-setup": "algolia profile add --api-key 4f8e"\n  }\n}\n`,
      );
      expect(matched(put, 'deno task search-setup'), put).toEqual(['no-algolia']);
    }
  });

  it('yq -i on a .json file writes JSON (its output follows its input)', () => {
    expect(writes(`yq -i '.tasks.x = "eslint --fix ."' deno.json`)[0]?.[1]).toBe(
      `${COMPUTED_PIECE}\n{\n  "tasks": {\n    "x": "eslint --fix ."\n  }\n}\n`,
    );
  });
});

describe('npm and pnpm pkg set', () => {
  it('pnpm hands pkg set to npm: the script is put into package.json and runs', () => {
    const set = `pnpm pkg set 'scripts.sync:payments=argocd app sync payments-prod --prune'`;
    expect(writes(set)).toEqual([['package.json', '"sync:payments": "argocd app sync payments-prod --prune"\n']]);
    expect(matched(set, 'pnpm run sync:payments')).toEqual(['no-argocd']);
  });

  it("npm -w/--workspace DIR sets the workspace's package.json, not the root's", () => {
    for (const set of [
      `npm pkg set scripts.fix='eslint --fix src' -w packages/ui`,
      `npm -w packages/ui pkg set scripts.fix='eslint --fix src'`,
      `npm pkg set scripts.fix='eslint --fix src' --workspace=packages/ui`,
    ])
      expect(writes(set), set).toEqual([['packages/ui/package.json', '"fix": "eslint --fix src"\n']]);
    expect(matched(`npm pkg set scripts.fix='eslint --fix src' -w packages/ui`, 'npm run fix -w packages/ui')).toEqual([
      'no-eslint',
    ]);
  });

  it('look-alike: the root script of the same name is not the one put into the workspace', () => {
    expect(matched(`npm pkg set scripts.fix='eslint --fix src' -w packages/ui`, 'npm run fix')).toEqual([]);
  });
});

describe('the values a filter sets: flow literals, read within bounds', () => {
  const doc = (filter: string, json = false) => documentText(setKeys(filter, new Map(), undefined), json);

  it('numbers, booleans, null, single-quoted strings, |= . + [...] and several paths merged', () => {
    expect(doc(`.tasks.x.cmds |= . + ['npm publish'] | .version = 3 | .tasks.x.silent = true | .a[0].b = null`)).toBe(
      `${COMPUTED_PIECE}\ntasks:\n  x:\n    cmds:\n      - npm publish\n    silent: true\nversion: 3\na:\n  - b: null\n`,
    );
  });

  it('a string that would not read back as itself is quoted', () => {
    expect(doc(`.a = "yes" | .b = "-c" | .c = "x: y" | .d = "3"`)).toBe(
      `${COMPUTED_PIECE}\na: "yes"\nb: "-c"\nc: "x: y"\nd: "3"\n`,
    );
  });

  it('a value computed at run time is a computed piece; a string appended to keeps its known end', () => {
    expect(doc(`.a = {"x": .b} | .c = "p" + .d | .scripts.test += " && npm publish"`, true)).toBe(
      `${COMPUTED_PIECE}\n{\n  "a": ${COMPUTED_PIECE},\n  "c": ${COMPUTED_PIECE},\n  "scripts": {\n    "test": "${COMPUTED_PIECE} && npm publish"\n  }\n}\n`,
    );
  });

  it('comparisons and reads set nothing', () => {
    expect(doc(`.tasks[] | select(.desc == "prod") | .cmds`)).toBeUndefined();
    expect(doc(`.a != "x" and .b <= 3`)).toBeUndefined();
  });

  it('a hostile filter is read in bounded time and size', () => {
    const deep = `.a = ${'['.repeat(50_000)}1${']'.repeat(50_000)}`;
    const wide = `.a = [${Array.from({ length: 50_000 }, () => '"x"').join(', ')}]`;
    const many = Array.from({ length: 5_000 }, (_, i) => `.k${i} = "v"`).join(' | ');
    for (const filter of [deep, wide, many]) {
      let text: string | undefined;
      expect(cpuMs(() => (text = doc(filter)))).toBeLessThan(2_000);
      expect((text ?? '').length).toBeLessThan(20_000);
    }
    expect(setKeys(many, new Map(), undefined)).toHaveLength(SET_LIMITS.maxSets);
  });
});
