// Blind rounds 37 and 38 (issue 17): what the shell model had to learn — a jq filter that is one literal document
// prints that document (the review body an agent then posts with `gh api --input`).
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
