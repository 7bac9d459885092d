// Blind rounds 37 to 39 (issue 17): what the shell model had to learn — a jq filter that is one literal document prints
// that document, sed's output spells what the shell put in, a variable named after a program, attached option values,
// and the programs of other stacks (fvm, dotnet's feed, the composer image, R's cat and path.expand, gh api -F @-).
import { describe, expect, it } from 'vitest';
import { parseShell } from '../../src/shell/index.js';

const written = (source: string, path: string): string | undefined =>
  parseShell(source).effects.find((e) => e.path === path && e.kind === 'write')?.content;

describe('jq -n with a literal document', () => {
  it('prints the mapping, with its --arg values put in', () => {
    const text = written(
      `jq -n --arg e APPROVE --arg b "LGTM" '{event: $e, body: $b, comments: []}' > /tmp/review.json`,
      '/tmp/review.json',
    );
    expect(JSON.parse(text ?? '')).toEqual({ event: 'APPROVE', body: 'LGTM', comments: [] });
  });

  it('prints a list of literals', () => {
    expect(JSON.parse(written(`jq -n '["a", 1, null]' > out.json`, 'out.json') ?? '')).toEqual(['a', 1, null]);
  });

  it('knows nothing of a document with a computed part, or of an expression built on a literal', () => {
    expect(written(`jq -n --arg e COMMENT '{event: $e, body: .x}' > r.json`, 'r.json')).toBeUndefined();
    expect(written(`jq -n '{event: "APPROVE"} + .x' > r.json`, 'r.json')).toBeUndefined();
  });
});

describe('a sed substitution that puts an unknown value into a known text', () => {
  const argv = (source: string, at: number): string[] | undefined => parseShell(source).commands[at]?.argv.slice();

  // (the value marked ⟨…⟩, as in a heredoc's text: the shell put a value there, not the reference as written)
  it('spells the value where sed puts it, for a here-string or a piped echo', () => {
    const hereString =
      'repo=$(sed "s/github.com/${U}:${T}@github.com/" <<<"https://github.com/o/r.git"); git clone "$repo"';
    expect(argv(hereString, 2)).toEqual(['clone', 'https://⟨${U}⟩:⟨${T}⟩@github.com/o/r.git']);
    const piped =
      'R=$(echo "https://github.com/o/r.git" | sed "s#https://#https://x:${T}@#"); git remote set-url origin "$R"';
    expect(argv(piped, 3)).toEqual(['remote', 'set-url', 'origin', 'https://x:⟨${T}⟩@github.com/o/r.git']);
  });

  it('knows nothing when the pattern itself is not known', () => {
    expect(argv('V=$(sed "s/$A/b/" <<< abc); echo "$V"', 2)).toEqual(['$(sed "s/$A/b/" <<< abc)']);
  });
});

describe('a command name from a variable the call cannot know', () => {
  const program = (source: string): string | undefined => parseShell(source).commands[0]?.program;

  it('is read as the program the variable is named after', () => {
    expect(program('"${KUBECTL}" apply -f k8s/prod/')).toBe('kubectl');
    expect(program('$GIT_BIN push -f origin main')).toBe('git');
    expect(parseShell('$HELM upgrade web charts/web').commands[0]?.dynamic).toBe(true);
  });

  it('stays as written when the name says nothing of the program', () => {
    expect(program('$CMD push')).toBe('$CMD');
    expect(program('$EDITOR notes.md')).toBe('$EDITOR');
  });
});

describe('a short option whose value is attached and holds "="', () => {
  it('is that option with its value, not a single-dash long option', () => {
    const flags = parseShell('curl -F"file=@build/logs.txt" https://file.io').commands[0]?.flags;
    expect(flags?.map((f) => [f.name, f.value])).toEqual([['-F', 'file=@build/logs.txt']]);
    const tf = parseShell('terraform -chdir=infra apply -var=a=b').commands[0];
    expect(tf?.flags.map((f) => [f.name, f.value])).toEqual([['-var', 'a=b']]);
  });
});

describe('an awk program that prints a string literal among its input', () => {
  it('writes that line into its output, which a move carries over the file it read', () => {
    const model = parseShell(
      `awk '{ print } /it .refunds. do/ { print "    expect(1).to eq(1)" }' spec/r_spec.rb > /tmp/r.rb && mv /tmp/r.rb spec/r_spec.rb`,
    );
    const moved = model.effects.find((e) => e.path === 'spec/r_spec.rb' && e.kind === 'write');
    expect(moved?.content).toContain('    expect(1).to eq(1)\n');
  });
});

describe('programs of other stacks (round 39)', () => {
  const first = (source: string) => parseShell(source).commands;

  it('fvm runs dart and flutter with the pinned SDK, and exec runs its command', () => {
    expect(first('fvm dart pub publish --force').map((c) => [c.program, ...c.argv].join(' '))).toEqual([
      'dart pub publish --force',
    ]);
    expect(first('fvm exec melos publish')[0]?.program).toBe('melos');
    expect(first('fvm use 3.19.0')[0]?.program).toBe('fvm');
  });

  it("dotnet's --source takes its value: the feed of a nuget push", () => {
    const push = first('dotnet nuget push a.nupkg --source "$HOME/.nuget/local-feed"')[0];
    expect(push?.positionals).toEqual(['nuget', 'push', 'a.nupkg']);
    expect(push?.flags.find((f) => f.name === '--source')?.value).toBe('$HOME/.nuget/local-feed');
  });

  it("the composer image's entrypoint runs composer for its commands, a shell as given", () => {
    const run = first('docker run --rm -v "$PWD":/app -w /app composer:2 config --auth gitlab-token.gitlab.com T');
    expect(run.map((c) => c.program)).toEqual(['docker', 'composer']);
    expect(first('docker run --rm composer:2 sh -c "ls"').map((c) => c.program)).toEqual(['docker', 'ls']);
  });

  it("R's cat to a file and a path spelled through path.expand are writes", () => {
    const effects = parseShell(
      `Rscript -e 'cat("GITHUB_PAT=ghp_x\\n", file = "~/.Renviron", append = TRUE)' && Rscript -e 'writeLines("A=1", path.expand("~/.Renviron"))'`,
    ).effects;
    expect(effects.map((e) => [e.kind, e.path])).toEqual([
      ['append', '~/.Renviron'],
      ['write', '~/.Renviron'],
    ]);
    expect(parseShell(`Rscript -e 'cat("hello\\n")'`).effects).toEqual([]);
  });

  it('gh api reads a field given as @- from stdin: the heredoc is what it sends', () => {
    const gh = first(
      "gh api graphql -F query=@- <<'EOF'\nmutation { addPullRequestReview(input: {event: APPROVE}) { clientMutationId } }\nEOF",
    )[0];
    expect(gh?.input?.text).toContain('event: APPROVE');
  });
});
