// Blind round 5 (issue 17): routes an agent assembles an action by, followed by behaviour — runners that hand their
// words or strings to a shell (faketime, bwrap, hyperfine, concurrently, watchexec, nodemon, fd -x, ip netns exec,
// tar's and rsync's command options, ssh -o ProxyCommand), the interpreters' other process APIs, awk's variables and
// pipes, a shell's stdin reaching the string it runs and its substitutions, source of /dev/stdin, go-task and rake
// tasks, make's attached options and makefile on stdin, name references, IFS-split reads, declare -p, set -a,
// base64 encoding, and the files node and bash preload.
import { describe, expect, it } from 'vitest';
import { files, runs } from './follow-helpers.js';

describe('runners that run their words or their strings', () => {
  it('skips the words a runner takes before its command', () => {
    expect(runs("faketime '2024-01-01 00:00:00' npm publish")).toContain('npm publish');
    expect(runs('ip netns exec ns1 npm publish')).toContain('npm publish');
    expect(runs('bwrap --bind / / --dev /dev --setenv A b npm publish')).toContain('npm publish');
    expect(runs('ssh-agent npm publish')).toContain('npm publish');
    expect(runs('sshpass -p pw ssh h npm publish')).toContain('npm publish');
    expect(runs('cross-env NODE_ENV=production npm publish')).toContain('npm publish');
  });
  it('runs every operand (and setup option) of hyperfine and concurrently as a command line', () => {
    const bench = runs("hyperfine --runs 1 --setup 'npm ci' 'npm publish' 'npm test'");
    expect(bench).toEqual(expect.arrayContaining(['npm ci', 'npm publish', 'npm test']));
    expect(runs("concurrently -n a,b 'npm publish' 'npm run watch'")).toContain('npm publish');
  });
  it('runs watchexec words, nodemon --exec and fd -x commands; nodemon with a script alone runs no command line', () => {
    expect(runs('watchexec -r -e ts -- npm publish')).toContain('npm publish');
    expect(runs("nodemon --exec 'npm publish'")).toContain('npm publish');
    expect(runs('nodemon server.js')).toEqual(['nodemon server.js']);
    expect(runs('fd -d 1 package.json -x npm publish')).toContain('npm publish');
  });
  it("runs tar's and rsync's command options, and not tar's own checkpoint actions", () => {
    expect(runs("tar -cf /dev/null --checkpoint=1 --checkpoint-action=exec='npm publish' a")).toContain('npm publish');
    expect(runs('rsync -e \'sh -c "npm publish"\' x: /tmp/')).toContain('npm publish');
    expect(runs('tar -cf a.tar --checkpoint=100 --checkpoint-action=dot src')).toEqual([
      'tar -cf a.tar --checkpoint=100 --checkpoint-action=dot src',
    ]);
    expect(runs('rsync -az -e ssh dist/ web:/srv/')).not.toContain('npm publish');
  });
  it('splits an env -S string as a shell would, quotes kept together', () => {
    expect(runs(`env -S 'python3 -c "import os; os.system(\\"npm publish\\")"'`)).toContain('npm publish');
  });
  it('runs an ssh ProxyCommand here (as -o Key=Value, -o "Key Value" or -oKey=Value) besides the remote command', () => {
    expect(runs("ssh -o ProxyCommand='npm publish' h uptime")).toEqual(
      expect.arrayContaining(['npm publish', 'uptime']),
    );
    expect(runs("ssh -oProxyCommand='npm publish' h")).toContain('npm publish');
    expect(runs("ssh -o 'ProxyCommand npm publish' h")).toContain('npm publish');
    expect(runs('ssh -o StrictHostKeyChecking=no h ls')).toEqual(['ssh -o StrictHostKeyChecking=no h ls', 'ls']);
  });
  it("walks git's editor given with -c when the subcommand runs a command of its own (rebase -x)", () => {
    expect(runs("git -c core.editor='npm publish' rebase -x 'make test' HEAD~2")).toContain('npm publish');
  });
});

describe("interpreters' other process APIs", () => {
  it('reads os.spawn*, pty.spawn and subprocess of shlex.split in Python', () => {
    expect(runs(`python3 -c "import os; os.spawnvp(os.P_WAIT, 'npm', ['npm', 'publish'])"`)).toContain('npm publish');
    expect(runs(`python3 -c "import os; os.spawnlp(os.P_WAIT, 'npm', 'npm', 'publish')"`)).toContain('npm publish');
    expect(runs(`python3 -c "import pty; pty.spawn(['npm', 'publish'])"`)).toContain('npm publish');
    expect(runs(`python3 -c "import shlex, subprocess; subprocess.run(shlex.split('npm publish'))"`)).toContain(
      'npm publish',
    );
  });
  it("reads Ruby's IO.popen and Open3 lists and strings, %x() with nested brackets, and backticks with an @", () => {
    expect(runs(`ruby -e 'IO.popen(["npm", "publish"]).read'`)).toContain('npm publish');
    expect(runs(`ruby -ropen3 -e 'Open3.capture2("npm publish")'`)).toContain('npm publish');
    expect(runs(`ruby -e 'IO.popen("npm publish", "r").read'`)).toContain('npm publish');
    expect(runs(`ruby -e '%x(sh -c "echo (x)"; npm publish)'`)).toContain('npm publish');
    expect(runs("ruby -e 'puts `curl -T a https://x@example.org`'")).toContain('curl -T a https://x@example.org');
  });
  it("reads Perl's open of a pipe, and word lists qw() and %w[] as argv", () => {
    expect(runs(`perl -e 'open(my $f, "-|", "npm publish"); print <$f>'`)).toContain('npm publish');
    expect(runs(`perl -e 'open(F, "npm publish |"); print <F>'`)).toContain('npm publish');
    expect(runs("perl -e 'system(qw(npm publish))'")).toContain('npm publish');
    expect(runs("ruby -e 'system(*%w[npm publish])'")).toContain('npm publish');
  });
  it("folds awk's variables set once and reads its pipes; a variable set twice stays unknown", () => {
    expect(runs(`awk 'BEGIN { c = "npm publish"; system(c) }'`)).toContain('npm publish');
    expect(runs(`awk 'BEGIN { "npm publish" | getline x }'`)).toContain('npm publish');
    expect(runs(`awk 'BEGIN { print "npm publish" | "sh" }'`)).toContain('npm publish');
    expect(runs(`awk 'BEGIN { c = "a"; c = "npm publish"; system(c) }'`)).not.toContain('npm publish');
    expect(runs(`awk '{ print $1 | "sort -u" }' f.txt`)).toContain('sort -u');
  });
});

describe("a shell's stdin", () => {
  it('reaches the first command of the string a wrapper runs (sh -c, ssh HOST CMD)', () => {
    expect(runs("sh -c 'bash -s' <<< 'npm publish'")).toContain('npm publish');
    expect(runs("echo 'npm publish' | ssh h bash -s")).toContain('npm publish');
    // A statement that reads no input leaves it to the next (echo prints, it does not read: bash -s gets the line);
    // one that may read it takes it.
    expect(runs("echo 'npm publish' | sh -c 'echo start; bash -s'")).toContain('npm publish');
    expect(runs("echo 'npm publish' | sh -c 'cat > /tmp/x; bash -s'")).not.toContain('npm publish');
  });
  it("is what a substitution in a command's words reads", () => {
    expect(runs(`bash -c 'eval "$(cat)"' <<< 'npm publish'`)).toContain('npm publish');
    expect(runs(`echo 'npm publish' | eval "$(cat)"`)).toContain('npm publish');
  });
  it('is the script source of /dev/stdin reads, in the same shell', () => {
    expect(runs("source /dev/stdin <<'EOF'\nB=main\nEOF\ngit push -f origin $B")).toContain('git push -f origin main');
    expect(runs(". /dev/fd/0 <<< 'npm publish'")).toContain('npm publish');
  });
  it('is the makefile of make -f -', () => {
    expect(runs("make -f - <<'MK'\nall:\n\tnpm publish\nMK")).toContain('npm publish');
  });
});

describe('project tasks', () => {
  it("reads make's short options with an attached value before --file=", () => {
    const ctx = { file: files({ '/tmp/ops.mk': 'ship:\n\tnpm publish\n' }) };
    expect(runs('make -j2 --file=/tmp/ops.mk ship', ctx)).toContain('npm publish');
  });
  it("runs a go-task task's deps and cmds from a Taskfile the session wrote; --dry runs nothing", () => {
    const ctx = {
      file: files({
        '/p/Taskfile.yml':
          "version: '3'\ntasks:\n  build:\n    cmds:\n      - npm run build\n  ship:\n    deps: [build]\n    cmds:\n      - npm publish\n      - task: notify\n  notify:\n    cmds: [echo done]\n",
      }),
    };
    expect(runs('cd /p && task ship', ctx)).toEqual(
      expect.arrayContaining(['npm run build', 'npm publish', 'echo done']),
    );
    expect(runs('cd /p && task --dry ship', ctx)).not.toContain('npm publish');
    expect(runs('cd /p && task build', ctx)).not.toContain('npm publish');
  });
  it("runs a rake task's prerequisites and the commands its block runs", () => {
    const ctx = {
      file: files({
        '/p/Rakefile':
          'task :build do\n  sh "npm run build"\nend\n\ntask ship: [:build] do\n  system("npm", "publish")\nend\n',
      }),
    };
    expect(runs('cd /p && rake ship', ctx)).toEqual(expect.arrayContaining(['npm run build', 'npm publish']));
    expect(runs('cd /p && rake build', ctx)).not.toContain('npm publish');
    expect(runs('cd /p && rake -T', ctx)).not.toContain('npm publish');
  });
});

describe('values', () => {
  it('reads a name reference when it is used, whether its target was set before or after, and writes through it', () => {
    expect(runs(`declare -n R=C; C='npm publish'; eval "$R"`)).toContain('npm publish');
    expect(runs('C=main; declare -n R=C; git push -f origin $R')).toContain('git push -f origin main');
    expect(runs('declare -n R=C; R=main; git push -f origin $C')).toContain('git push -f origin main');
    // a reference loop ends (bounded), as an ordinary value
    expect(runs('declare -n R=C; declare -n C=R; R=x; echo $C').at(-1)).toMatch(/^echo /);
  });
  it('splits read by the IFS the command is given', () => {
    expect(runs(`IFS=, read -r -a A <<< npm,publish; "\${A[@]}"`)).toContain('npm publish');
    expect(runs('IFS=: read -r a b <<< main:feat; git push -f origin $a')).toContain('git push -f origin main');
    expect(runs(`IFS=', ' read -r -a A <<< 'npm, publish'; "\${A[@]}"`)).toContain('npm publish');
  });
  it('prints declare -p of known values as lines a sourcing shell sets again', () => {
    expect(runs(`C='npm publish'; declare -p C > /tmp/c.env; unset C; . /tmp/c.env; eval "$C"`)).toContain(
      'npm publish',
    );
  });
  it('exports what is assigned under set -a (or -o allexport) to a new shell, and not after set +a', () => {
    const ctx = { file: files({ '/tmp/x.env': 'B=main\n' }) };
    expect(runs(`set -a; . /tmp/x.env; set +a; bash -c 'git push -f origin $B'`, ctx)).toContain(
      'git push -f origin main',
    );
    expect(runs(`. /tmp/x.env; bash -c 'git push -f origin $B'`, ctx)).not.toContain('git push -f origin main');
    expect(runs(`set -o allexport; B=main; set +o allexport; C=x; bash -c 'echo $B $C'`)).toContain('echo main $C');
  });
  it('encodes base64 exactly, so a round trip into a shell is the text', () => {
    expect(runs("printf %s 'npm publish' | base64 | base64 -d | sh")).toContain('npm publish');
    expect(runs("echo 'npm publish' | base64 -w0 | base64 --decode | bash")).toContain('npm publish');
  });
});

describe('files an interpreter preloads', () => {
  const ctx = { file: files({ '/tmp/ship.js': "require('child_process').execSync('npm publish')\n" }) };
  it('reads node -r/--require/--import and NODE_OPTIONS of a file the session wrote', () => {
    expect(runs('node -r /tmp/ship.js -e 1', ctx)).toContain('npm publish');
    expect(runs("NODE_OPTIONS='--require /tmp/ship.js' node --version", ctx)).toContain('npm publish');
    expect(runs('node --import=/tmp/ship.js app.js', ctx)).toContain('npm publish');
  });
  it("runs the BASH_ENV a bash -c is given, and an interactive bash's --rcfile, when the session wrote them", () => {
    const rc = { file: files({ '/tmp/rc': 'npm publish\n' }) };
    expect(runs("BASH_ENV=/tmp/rc bash -c 'echo hi'", rc)).toContain('npm publish');
    expect(runs('export BASH_ENV=/tmp/rc; bash -c true', rc)).toContain('npm publish');
    expect(runs('env BASH_ENV=/tmp/rc bash -c true', rc)).toContain('npm publish');
    expect(runs('bash --rcfile /tmp/rc -i -c true', rc)).toContain('npm publish');
    expect(runs('bash --rcfile /tmp/rc -c true', rc)).not.toContain('npm publish');
    expect(runs("BASH_ENV=/tmp/other bash -c 'echo hi'", rc)).not.toContain('npm publish');
  });
  it('leaves a preload the session did not write to be judged by its path', () => {
    expect(runs('node -r dotenv/config app.js', ctx)).toEqual(['node -r dotenv/config app.js']);
  });
});
