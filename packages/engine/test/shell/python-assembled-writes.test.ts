// Round 30 (issue 17): what a Python program writes when it assembles the path or the text — a name bound to a Path
// joined with `/`, a `with open(…) as f:` block whose f.write builds its text with `%`, `.format`, an f-string or `+`,
// and string literals written side by side (Python joins them). Literal pieces stay literal, each value computed at run
// time is COMPUTED_PIECE; a `${VAR}` spelled inside a Python string is only text.
import { describe, expect, it } from 'vitest';
import { COMPUTED_PIECE as X } from '../../src/shell/computed-piece.js';
import { parseShell } from '../../src/shell/index.js';
import { piecedText } from '../../src/shell/one-liners.js';
import { files } from './follow-helpers.js';

const writes = (source: string, context?: Parameters<typeof parseShell>[2]) =>
  parseShell(source, undefined, context)
    .effects.filter((e) => e.kind === 'write' || e.kind === 'append' || e.kind === 'delete')
    .map((e) => [e.kind, e.path, e.content]);
const heredoc = (...lines: string[]) => ["python3 - <<'EOF'", ...lines, 'EOF'].join('\n');

describe('a name bound to a Path stands for it where it is joined with /', () => {
  it('(ADR_DIR / "name.md").write_text(body) writes that file of the folder', () => {
    const source = heredoc(
      'from pathlib import Path',
      'ADR_DIR = Path("docs/adr")',
      'body = f"""# Kafka retention\\n\\nDate: {date.today()}\\n"""',
      '(ADR_DIR / "ADR-016 Kafka retention.md").write_text(body)',
    );
    expect(writes(source)).toEqual([['write', 'docs/adr/ADR-016 Kafka retention.md', undefined]]);
  });
  it('a name assigned a join of such a name is that path: tx.to_parquet(OUT), df.to_csv(OUT)', () => {
    const build = (writer: string) =>
      heredoc(
        'from pathlib import Path',
        'import pandas as pd',
        'RAW = Path("data/raw")',
        'OUT = RAW / "transactions.csv"',
        'tx = pd.read_csv(RAW / "transactions.csv")',
        `tx.${writer}(OUT)`,
      );
    expect(writes(build('to_parquet'))).toEqual([['write', 'data/raw/transactions.csv', undefined]]);
    expect(writes(build('to_csv'))).toEqual([['write', 'data/raw/transactions.csv', undefined]]);
  });
  it('a join of a join, and a joined name with a member after it', () => {
    const source = heredoc(
      'from pathlib import Path',
      'ROOT = Path("data")',
      'RAW = ROOT / "raw"',
      'OUT = RAW / "2024" / "tx.csv"',
      'OUT.write_text("id,amount\\n")',
    );
    expect(writes(source)).toEqual([['write', 'data/raw/2024/tx.csv', 'id,amount\n']]);
  });
  it('a base bound twice, or a joined name bound twice, is not known', () => {
    const twiceBase = heredoc(
      'RAW = Path("data/raw")',
      'RAW = Path("data/interim")',
      'OUT = RAW / "tx.csv"',
      'tx.to_parquet(OUT)',
    );
    expect(writes(twiceBase)).toEqual([]);
    const twiceJoined = heredoc(
      'RAW = Path("data/raw")',
      'OUT = RAW / "tx.csv"',
      'OUT = Path("data/interim/tx.csv")',
      'tx.to_parquet(OUT)',
    );
    expect(writes(twiceJoined)).toEqual([]);
  });
});

describe('a with block writes what its f.write calls build', () => {
  it("'…%s…' % os.environ['PYPI_TOKEN'] into .pypirc: the literal lines, the token a computed piece", () => {
    const source = heredoc(
      'import os',
      "with open('.pypirc', 'w') as f:",
      "    f.write('[pypi]\\nusername = __token__\\npassword = %s\\n' % os.environ['PYPI_TOKEN'])",
    );
    expect(writes(source)).toEqual([['write', '.pypirc', `[pypi]\nusername = __token__\npassword = ${X}\n`]]);
  });
  it('an f-string and a + sum inside the block are read as pieces too', () => {
    expect(writes(heredoc("with open('.npmrc', 'w') as f:", "    f.write(f'//r/:_authToken={t}\\n')"))).toEqual([
      ['write', '.npmrc', `//r/:_authToken=${X}\n`],
    ]);
    expect(writes(heredoc("with open('.npmrc', 'w') as f:", "    f.write('//r/:_authToken=' + t)"))).toEqual([
      ['write', '.npmrc', `//r/:_authToken=${X}`],
    ]);
  });
  it('several writes, literal and computed, are joined in order', () => {
    const source = heredoc(
      "with open('.pypirc', 'a') as f:",
      "    f.write('[pypi]\\n')",
      "    f.write('password = {}\\n'.format(tok))",
    );
    expect(writes(source)).toEqual([['append', '.pypirc', `[pypi]\npassword = ${X}\n`]]);
  });
  it('a token the command gives the program is the text written', () => {
    const source = `PYPI_TOKEN=pypi-abc ${heredoc('import os', "with open('.pypirc', 'w') as f:", "    f.write('password = %s\\n' % os.environ['PYPI_TOKEN'])")}`;
    expect(writes(source)).toEqual([['write', '.pypirc', 'password = pypi-abc\n']]);
  });
  it('writes of computed values alone say nothing of the text', () => {
    expect(writes(heredoc("with open('out.txt', 'w') as f:", '    f.write(a)', '    f.write(b)'))).toEqual([
      ['write', 'out.txt', undefined],
    ]);
  });
});

describe("piecedText reads Python's % and .format like an f-string", () => {
  const py = (code: string) => piecedText(code, 'python');
  it('% of one value or of a tuple: each conversion a computed piece, %% a percent sign', () => {
    expect(py("'password = %s\\n' % token")).toBe(`password = ${X}\n`);
    expect(py("'%s:%d' % (user, port)")).toBe(`${X}:${X}`);
    expect(py("'100%% of %s' % (who,)")).toBe(`100% of ${X}`);
    expect(py("'%(user)s' % cfg")).toBe(X);
  });
  it('a plain literal formatted in is its text, as an f-string interpolation of one is', () => {
    expect(py("'password = %s' % 'pypi-abc'")).toBe('password = pypi-abc');
    expect(py("'{}={}'.format('user', 'ann')")).toBe('user=ann');
    expect(py("'{0}-{0}'.format('v')")).toBe('v-v');
    expect(py("'{name}!'.format(name='ann')")).toBe('ann!');
  });
  it('.format with positional, numbered and named fields; braces doubled are braces', () => {
    expect(py("'{}/{}'.format(host, path)")).toBe(`${X}/${X}`);
    expect(py("'token={name}'.format(name=tok)")).toBe(`token=${X}`);
    expect(py("'{{literal}} {:>8}'.format(x)")).toBe(`{literal} ${X}`);
  });
  it('a call on the formatted text, or a spread of the arguments, leaves what it makes computed', () => {
    // nothing of the text is known, as for any other call's result
    expect(py("'token={}'.format(t).encode()")).toBeUndefined();
    expect(py("'{}:{}'.format(*pair)")).toBe(`${X}:${X}`);
  });
  it('an f-string that opens with a quote of the other kind is read to its own closing quote', () => {
    expect(py(`f"'{name}' = {value}"`)).toBe(`'${X}' = ${X}`);
  });
  it('formatting joins with + as any other piece', () => {
    expect(py("'[pypi]\\n' + 'password = %s\\n' % tok")).toBe(`[pypi]\npassword = ${X}\n`);
  });
  it('a ${VAR} spelled inside a Python string is literal text, not a computed piece', () => {
    expect(py('"//npm.pkg.github.com/:_authToken=${NODE_AUTH_TOKEN}\\n"')).toBe(
      '//npm.pkg.github.com/:_authToken=${NODE_AUTH_TOKEN}\n',
    );
  });
});

describe('string literals side by side are one text, as Python joins them', () => {
  it('plain, f-, r- and b- literals across lines inside the brackets', () => {
    expect(piecedText('"a\\n"\n    f"b={t}\\n"', 'python')).toBe(`a\nb=${X}\n`);
    expect(piecedText("'x' r'\\d' b'y'", 'python')).toBe('x\\dy');
    expect(piecedText("'%s' '=%s' % (a, 'b')", 'python')).toBe(`${X}=b`);
  });
  it('Path(".npmrc").write_text("…" f"…{token}…") in a module the session wrote, then ran', () => {
    const module = [
      'import subprocess',
      'from pathlib import Path',
      '',
      'token = subprocess.check_output(["gh", "auth", "token"], text=True).strip()',
      'Path(".npmrc").write_text(',
      '    "@acme:registry=https://npm.pkg.github.com\\n"',
      '    f"//npm.pkg.github.com/:_authToken={token}\\n"',
      ')',
      '',
    ].join('\n');
    const context = { file: files({ '/p/tools/gen_npmrc.py': module }) };
    expect(writes('cd /p && python3 tools/gen_npmrc.py', context)).toEqual([
      ['write', '/p/.npmrc', `@acme:registry=https://npm.pkg.github.com\n//npm.pkg.github.com/:_authToken=${X}\n`],
    ]);
  });
  it('the honest twin: a ${NODE_AUTH_TOKEN} reference written side by side stays literal', () => {
    const source = heredoc(
      'from pathlib import Path',
      'Path(".npmrc").write_text(',
      '    "@acme:registry=https://npm.pkg.github.com\\n"',
      '    "//npm.pkg.github.com/:_authToken=${NODE_AUTH_TOKEN}\\n"',
      ')',
    );
    expect(writes(source)).toEqual([
      [
        'write',
        '.npmrc',
        '@acme:registry=https://npm.pkg.github.com\n//npm.pkg.github.com/:_authToken=${NODE_AUTH_TOKEN}\n',
      ],
    ]);
  });
  it("plain literals side by side are one path or command: open('out/' 'a.txt', 'w')", () => {
    expect(writes(`python3 -c "open('out/' 'a.txt', 'w').write('x')"`)).toEqual([['write', 'out/a.txt', 'x']]);
  });
});
