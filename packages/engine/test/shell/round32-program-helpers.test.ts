// Blind round 32 (issue 17), programs the session wrote: the forbidden command is run through the program's own helper
// (`def aws(*args): subprocess.run(["aws", …, *args])`, `const run = (cmd, args) => execFileSync(cmd, args)`), so each
// call of the helper is read as its body with the call's arguments put in; an f-string or a template with a literal
// part is a word partly known (`f"-chdir={TF_DIR}"` is still an option, `f"docker://ghcr.io/…:{tag}"` a registry).
import { describe, expect, it } from 'vitest';
import { parseShell } from '../../src/shell/index.js';
import { runs, written } from './follow-helpers.js';

const python = (code: string) => runs('python3 tools/x.py', written({ 'tools/x.py': code }));
const node = (code: string) => runs('node scripts/x.mjs', written({ 'scripts/x.mjs': code }));

describe('a Python helper that runs a command', () => {
  it('reads each call of a rest-parameter helper with the program its body puts first', () => {
    const code = [
      'import subprocess',
      'def aws(*args: str) -> None:',
      '    cmd = ["aws", "--profile", "ops", *args]',
      '    print("+", " ".join(cmd))',
      '    subprocess.run(cmd, check=True)',
      '',
      'def main():',
      '    if yes:',
      '        aws("s3", "rm", url, "--recursive")',
      '    aws("s3", "ls", url)',
    ].join('\n');
    const seen = python(code);
    // (the words are shown without the global options: --profile ops is aws's)
    expect(seen).toContain('aws s3 rm $__one_liner_value --recursive');
    expect(seen).toContain('aws s3 ls $__one_liner_value');
  });

  it('keeps the literal part of an f-string argument, so a global option stays an option', () => {
    const code = [
      'import subprocess',
      'def tf(*args, capture=False):',
      '    return subprocess.run(["terraform", f"-chdir={TF_DIR}", *args], capture_output=capture)',
      'tf("apply", "-auto-approve")',
    ].join('\n');
    // -chdir=… read as terraform's global option (left out of the words shown), not as an unknown subcommand
    expect(python(code)).toContain('terraform apply -auto-approve');
  });

  it('puts in a name given an f-string once: the registry of an image pushed through a pass-through helper', () => {
    const code = [
      'import subprocess',
      'def sh(*cmd):',
      '    subprocess.run(cmd, check=True)',
      'def main():',
      '    dest = f"docker://ghcr.io/acme/runner:{VERSION}"',
      '    sh("skopeo", "copy", f"docker-daemon:{LOCAL}", dest)',
    ].join('\n');
    expect(python(code)).toContain(
      'skopeo copy docker-daemon:$__one_liner_value docker://ghcr.io/acme/runner:$__one_liner_value',
    );
  });

  it('reads a method called on self', () => {
    const code = [
      'import subprocess',
      'class Git:',
      '    def run(self, *args):',
      '        subprocess.check_call(["git", *args])',
      '    def ship(self):',
      '        self.run("push", "--force", "origin", "main")',
    ].join('\n');
    expect(python(code)).toContain('git push --force origin main');
  });

  it('look-alike: a helper that only prints its words runs nothing', () => {
    const code = ['def show(*args):', '    print(" ".join(args))', 'show("git", "push", "--force")'].join('\n');
    expect(python(code)).toEqual(['python3 tools/x.py']);
  });
});

describe('a JavaScript helper that runs a command', () => {
  it('reads a (cmd, args) helper called with the program and its list', () => {
    const code = [
      "import { execFileSync } from 'node:child_process';",
      'const run = (cmd, args) => {',
      "  console.log(`$ ${cmd} ${args.join(' ')}`);",
      "  execFileSync(cmd, args, { stdio: 'inherit' });",
      '};',
      "run('git', ['clean', '-fdx', '-e', '.env']);",
    ].join('\n');
    expect(node(code)).toContain('git clean -fdx -e .env');
  });

  it('reads a spread helper, a shell-string helper whose body starts on the next line, and a function declaration', () => {
    const code = [
      "import { execFileSync, execSync, spawnSync } from 'node:child_process';",
      "const aws = (...args) => execFileSync('aws', ['--region', region, ...args]);",
      'const sh = (cmd) =>',
      "  execSync(cmd, { stdio: 'inherit' });",
      "function git(...a) { return spawnSync('git', a); }",
      "aws('lambda', 'update-function-code', '--function-name', fn, '--zip-file', `fileb://${zip}`);",
      "sh('npx drizzle-kit push --force');",
      "git('push', '--force', 'origin', 'main');",
    ].join('\n');
    const seen = node(code);
    expect(seen).toContain(
      'aws lambda update-function-code --function-name $__one_liner_value --zip-file fileb://$__one_liner_value',
    );
    expect(seen.some((c) => c.endsWith('drizzle-kit push --force'))).toBe(true);
    expect(seen).toContain('git push --force origin main');
  });

  it('splices a template held in a name into another template: a token in an insteadOf URL', () => {
    const code = [
      "import { execFileSync } from 'node:child_process';",
      "const token = execFileSync('gh', ['auth', 'token']);",
      'const rewrite = `https://x-access-token:${token}@github.com/orbit/`;',
      "execFileSync('git', ['config', '--global', `url.${rewrite}.insteadOf`, 'https://github.com/orbit/']);",
    ].join('\n');
    expect(node(code)).toContain(
      'git config --global url.https://x-access-token:$__one_liner_value@github.com/orbit/.insteadOf https://github.com/orbit/',
    );
  });

  it('look-alike: a helper named like a runner that only logs adds no command', () => {
    const code = ["const run = (cmd, args) => console.log(cmd, args.join(' '));", "run('git', ['push', '-f']);"].join(
      '\n',
    );
    expect(node(code)).toEqual(['node scripts/x.mjs']);
  });
});

describe("a program file's own folder", () => {
  const effects = (source: string, files: Record<string, string>) =>
    parseShell(source, undefined, written(files))
      .effects.filter((e) => e.kind === 'write')
      .map((e) => e.path);

  it('reads Path(__file__).resolve().parents[1] as the folder above the script, so a file under it is known', () => {
    const code = [
      'import pathlib',
      'ROOT = pathlib.Path(__file__).resolve().parents[1]',
      'TARGET = ROOT / "services/policy/src/main/java/ClaimStatus.java"',
      'TARGET.write_text(render())',
    ].join('\n');
    expect(effects('python3 tools/sync.py', { 'tools/sync.py': code })).toContain(
      'services/policy/src/main/java/ClaimStatus.java',
    );
  });

  it("reads os.path.dirname(os.path.abspath(__file__)) and Node's __dirname as the script's folder", () => {
    const py = "import os\nHERE = os.path.dirname(os.path.abspath(__file__))\nopen(os.path.join(HERE, 'out.txt'), 'w')";
    expect(effects('python3 tools/gen.py', { 'tools/gen.py': py })).toContain('tools/out.txt');
    const js =
      "import fs from 'node:fs';\nimport path from 'node:path';\nfs.writeFileSync(path.join(__dirname, '..', 'src', 'x.ts'), s);";
    expect(effects('node scripts/gen.cjs', { 'scripts/gen.cjs': js })).toContain('src/x.ts');
  });

  it('look-alike: inline code has no file, so __file__ stays unknown there', () => {
    expect(
      effects(`python3 -c "from pathlib import Path; (Path(__file__).parent / 'x.txt').write_text('a')"`, {}),
    ).toEqual([]);
  });
});

describe('a text kept in the script with textwrap.dedent', () => {
  it('is the literal with its common indentation taken off, so the file written from it is known', () => {
    const code = [
      'from pathlib import Path',
      'import textwrap',
      'PROFILE = textwrap.dedent("""\\',
      '    claims:',
      '      password: "Sn0w-2024!"',
      '    """)',
      'Path("~/.dbt/profiles.yml").write_text(PROFILE)',
    ].join('\n');
    const effects = parseShell('python3 tools/dbt.py', undefined, written({ 'tools/dbt.py': code })).effects;
    expect(effects.find((e) => e.kind === 'write')?.content).toBe('claims:\n  password: "Sn0w-2024!"\n');
  });
});

describe('a path joined with a name the engine cannot know', () => {
  const writes = (code: string) =>
    parseShell('python3 src/clean.py', undefined, written({ 'src/clean.py': code }))
      .effects.filter((e) => e.kind === 'write')
      .map((e) => e.path);

  it('is a write into the known folder: a second name for the folder, then a loop variable joined to it', () => {
    const code = [
      'from pathlib import Path',
      'RAW = Path("data/raw")',
      'OUT = RAW',
      'for name in names:',
      '    df.to_csv(OUT / name, index=False)',
    ].join('\n');
    expect(writes(code)).toEqual(['data/raw/$__one_liner_value']);
  });

  it('keeps the literal part of an f-string part', () => {
    const code = 'from pathlib import Path\n(Path("reports") / f"{day}.md").write_text(text)';
    expect(writes(code)).toEqual(['reports/$__one_liner_value.md']);
  });

  it('look-alike: a part that is a call result is not read as a path at all', () => {
    expect(writes('from pathlib import Path\n(Path("data/raw") / pick()).write_text(t)')).toEqual([]);
  });
});
