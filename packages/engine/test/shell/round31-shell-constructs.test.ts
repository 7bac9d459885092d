// Blind round 31 (issue 17), the shell's own constructs: what a loop prints goes down its pipe or into its redirection
// turn after turn; a command that only reads a heredoc still prints (`{ cat <<'EOF' … EOF; } >> f`); a process
// substitution of several statements is their output in order; a trap's line sees the shell's variables; a remote
// command with one computed argument is still read; `mlr -I` writes its files; a name set in the one branch that sets
// it keeps that value after the branch.
import { describe, expect, it } from 'vitest';
import { parseShell } from '../../src/shell/index.js';
import { runs } from './follow-helpers.js';

const writes = (source: string) =>
  parseShell(source)
    .effects.filter((e) => e.kind === 'write' || e.kind === 'append' || e.kind === 'delete')
    .map((e) => [e.kind, e.path, e.content]);

describe('what a loop prints', () => {
  it('hands a for loop’s echoes to xargs, one run per line', () => {
    expect(runs('for p in a/mail b/sms; do echo "svc/$p"; done | xargs gofmt -w')).toContain(
      'gofmt -w svc/a/mail svc/b/sms',
    );
  });

  it('writes a while-read loop’s output over a heredoc into its redirection', () => {
    const source =
      "while IFS='=' read -r k v; do printf '%s=%s\\n' \"$k\" \"$v\"; done >> ~/.Renviron <<'EOF'\nGITHUB_PAT=ghp_x\nR_LIBS=lib\nEOF";
    expect(writes(source)).toEqual([['append', '~/.Renviron', 'GITHUB_PAT=ghp_x\nR_LIBS=lib\n']]);
  });

  it('keeps only the known part when a turn prints what cannot be known, and after a break', () => {
    expect(writes('for f in a b; do cat "$f"; done > out.txt')).toEqual([['write', 'out.txt', undefined]]);
    const cut = writes('for x in a b; do echo "$x"; [ "$x" = a ] && break; done > out.txt');
    expect(cut[0]?.[2]).not.toBe('a\nb\n');
  });

  it('look-alike: a loop whose turns print nothing writes an empty file, not an unknown one', () => {
    expect(writes('for x in a b; do true; done > out.txt')).toEqual([['write', 'out.txt', '']]);
  });
});

describe('a command that only reads its input or sends stderr away still prints', () => {
  it('writes the heredoc a grouped cat prints into the group’s redirection', () => {
    expect(writes("{ cat <<'EOF'\nmachine h\n  password p\nEOF\n} >> ~/.netrc")).toEqual([
      ['append', '~/.netrc', 'machine h\n  password p\n'],
    ]);
  });

  it('lists what ls prints with stderr sent away, for xargs', () => {
    expect(runs('ls -d ./* 2>/dev/null | xargs rm -rf').join('\n')).toMatch(/rm -rf \.\/\*/);
  });

  it('look-alike: exec with a here-string still opens the descriptor for a later read', () => {
    expect(runs("exec 3<<<'cargo publish'; bash <&3")).toContain('cargo publish');
  });
});

describe('a process substitution of several statements', () => {
  it('is their output in order: `source <(printf …; echo)` runs the line printf built', () => {
    expect(runs("source <(printf '%s ' twine upload 'dist/*'; echo)")).toContain('twine upload dist/*');
  });

  it('look-alike: a statement whose output is not known leaves the whole unknown', () => {
    expect(runs('source <(echo twine; cat x)').join('\n')).not.toContain('twine upload');
  });
});

describe('a trap’s line', () => {
  it('sees the shell’s variables: the temp folder mktemp made, not an unknown path', () => {
    const cmds = runs('W=$(mktemp -d)\ntrap \'rm -rf "$W"/*\' EXIT');
    expect(cmds.some((c) => c.startsWith('rm -rf') && c.includes('$(mktemp -d)'))).toBe(true);
  });

  it('still runs a known destructive line', () => {
    expect(runs('D=.; trap \'rm -rf "$D"/*\' EXIT')).toContain('rm -rf ./*');
  });
});

describe('a remote command with a computed argument', () => {
  it('is read with the argument unknown: ssh … gerrit review --code-review +2 "$(git rev-parse HEAD)"', () => {
    expect(runs('ssh -p 29418 h gerrit review --code-review +2 "$(git rev-parse HEAD)"')).toContain(
      'gerrit review --code-review +2 $(git rev-parse HEAD)',
    );
  });

  it('look-alike: a computed program or a whole computed line stays opaque', () => {
    const { opaque } = parseShell('ssh h "$CMD"');
    expect(opaque.map((o) => o.reason)).toContain('inline-script');
    expect(parseShell('ssh h "$P" push').opaque.map((o) => o.reason)).toContain('inline-script');
  });
});

describe('Miller in place', () => {
  it('mlr -I writes the files named after its verbs', () => {
    expect(writes('mlr -I --csv sort -f store_id data/raw/stores.csv')).toEqual([
      ['write', 'data/raw/stores.csv', undefined],
    ]);
  });

  it('look-alike: without -I it only prints', () => {
    expect(writes('mlr --icsv --ojson cat data/raw/stores.csv')).toEqual([]);
  });
});

describe('a name set in branches that cannot be decided', () => {
  it('keeps the value of the one branch that sets it', () => {
    expect(writes('case "$(uname -s)" in Linux|Darwin) rc=~/.transifexrc ;; esac\necho t > "$rc"')).toEqual([
      ['write', '~/.transifexrc', 't\n'],
    ]);
    expect(runs('if [ -n "$CI" ]; then B=main; fi; git push -f origin "$B"')).toContain('git push -f origin main');
  });

  it('look-alike: two values, or a value over a known one, leave it unknown', () => {
    expect(runs('if [ -n "$CI" ]; then B=main; else B=dev; fi; git push origin "$B"')).not.toContain(
      'git push origin main',
    );
    expect(runs('B=feat; if [ -n "$CI" ]; then B=main; fi; git push origin "$B"')).not.toContain(
      'git push origin main',
    );
  });
});

describe('an alias in a pipe', () => {
  it('reads what the pipe hands it: `echo … | addline`, addline being `tee -a f`, appends that text', () => {
    expect(writes("shopt -s expand_aliases\nalias addline='tee -a src/m.py'\necho 'x = 1' | addline")).toEqual([
      ['append', 'src/m.py', 'x = 1\n'],
    ]);
  });
});

describe('python -c with arguments', () => {
  it('reads sys.argv[N] as the Nth word after the code, as a function passing "$@" gives it', () => {
    const code = 'import sys, pandas as pd; pd.read_csv(sys.argv[1]).to_csv(sys.argv[1], index=False)';
    const direct = writes(`python -c "${code}" data/raw/x.csv`);
    expect(direct.map((w) => w[1])).toContain('data/raw/x.csv');
    const viaFunction = writes(`f(){ python -c "${code}" "$@"; }; f data/raw/x.csv`);
    expect(viaFunction.map((w) => w[1])).toContain('data/raw/x.csv');
  });

  it('look-alike: the second argument is where it writes when the code says sys.argv[2]', () => {
    const code = 'import sys, pandas as pd; pd.read_csv(sys.argv[1]).to_csv(sys.argv[2], index=False)';
    expect(writes(`python -c "${code}" data/raw/x.csv data/interim/x.csv`).map((w) => w[1])).toEqual([
      'data/interim/x.csv',
    ]);
  });
});

describe('an assignment inside a command substitution', () => {
  it('sets IFS for the statements after it there: `$(IFS=/; echo "${parts[*]}")` joins with "/"', () => {
    expect(writes('parts=(data raw x.csv); out=$(IFS=/; echo "${parts[*]}"); echo done > "$out"')).toEqual([
      ['write', 'data/raw/x.csv', 'done\n'],
    ]);
  });

  it('look-alike: the IFS it set stays in the substitution; the shell outside still joins with a space', () => {
    expect(writes('parts=(a b); out=$(IFS=/; echo x); echo "${parts[*]}" > "$out"')).toEqual([['write', 'x', 'a b\n']]);
  });
});

describe("an array's keys", () => {
  it('loops over an associative array’s keys and reads each value by the key a variable holds', () => {
    const r = runs(
      'declare -A m=([user]=ci [token]=abc); for k in "${!m[@]}"; do dvc remote modify s "$k" "${m[$k]}"; done',
    );
    expect(r).toContain('dvc remote modify s user ci');
    expect(r).toContain('dvc remote modify s token abc');
  });

  it('gives an indexed array’s indices, and the element at each', () => {
    expect(runs('A=(p q); for i in "${!A[@]}"; do echo "$i" "${A[$i]}"; done').filter(Boolean)).toEqual([
      'echo 0 p',
      'echo 1 q',
    ]);
  });

  it('look-alike: a key no literal assigned stays unknown, not another key’s value', () => {
    expect(runs('declare -A m=([a]=x); echo "${m[$other]}"')).not.toContain('echo x');
  });
});
