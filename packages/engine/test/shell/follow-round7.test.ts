// Blind round 7 (issue 17): routes an agent assembles an action by, followed by behaviour — array appends, shift,
// read -N and mapfile -s, IFS given quoted to read, slices with arithmetic, ${X@P}, a case whose first arm is `*`,
// select, iconv as a pass-through, the branch spelled as a full ref, by name-rev, basename or .git/HEAD, and the runners
// declared this round. Each with the honest use beside it.
import { describe, expect, it } from 'vitest';
import { parseShell } from '../../src/shell/index.js';
import { files, runs } from './follow-helpers.js';

const PUBLISH = 'npm publish';
const onBranch = (source: string, branch: string): string[] =>
  parseShell(source, undefined, { branch }).commands.map((c) => [c.program, ...c.argv].join(' '));

describe('values', () => {
  it('appends A+=(…) to an array the call knows, and runs "${A[@]}" as the whole', () => {
    expect(runs('A=(npm); A+=(publish); "${A[@]}"')).toContain(PUBLISH);
    expect(runs('A=(npm); A+=(test); "${A[@]}"')).toContain('npm test');
    expect(runs('A+=(publish); npm "${A[@]}"')).not.toContain(PUBLISH); // A set before the call: unknown
  });
  it('drops the first N positional parameters at shift N', () => {
    expect(runs('set -- noop npm publish; shift; "$@"')).toContain(PUBLISH);
    expect(runs('set -- a b npm test; shift 2; "$@"')).toContain('npm test');
    expect(runs('set -- noop npm publish; shift 9; "$@"')).toContain('noop npm publish');
  });
  it('reads COUNT characters at read -N, skips lines at mapfile -s, and takes a quoted IFS', () => {
    expect(runs(`read -r -N 11 C <<< '${PUBLISH}'; eval "$C"`)).toContain(PUBLISH);
    expect(runs(`read -r -N 3 C <<< '${PUBLISH}'; eval "$C"`)).not.toContain(PUBLISH);
    expect(runs(`mapfile -s 1 -t L <<'E'\n# step\n${PUBLISH}\nE\neval "\${L[0]}"`)).toContain(PUBLISH);
    expect(runs(`mapfile -s 1 -t L <<'E'\n${PUBLISH}\nnpm test\nE\neval "\${L[0]}"`)).toContain('npm test');
    expect(runs(`IFS=';' read -r p a <<< 'npm;publish'; "$p" $a`)).toContain(PUBLISH);
  });
  it('computes a slice whose offset or length is arithmetic over known values, and ${X@P} of a plain value', () => {
    expect(runs(`C='${PUBLISH}#####'; eval "\${C:0:\${#C}-5}"`)).toContain(PUBLISH);
    expect(runs(`C='npm test##'; eval "\${C:0:\${#C}-2}"`)).toContain('npm test');
    expect(runs(`C='${PUBLISH}'; eval "\${C@P}"`)).toContain(PUBLISH);
    expect(runs(`C='npm test \\w'; eval "\${C@P}"`)).not.toContain('npm test \\w');
  });
  it('keeps what a first case arm of `*` assigns; an arm that may not run leaves it unknown', () => {
    expect(runs(`case "$TERM" in *) C='${PUBLISH}' ;; esac; eval "$C"`)).toContain(PUBLISH);
    expect(runs(`case $x in a) C='${PUBLISH}' ;; *) C='npm test' ;; esac; eval "$C"`)).toContain('eval $C');
  });
  it('judges the body of select with each of its words', () => {
    expect(runs(`select C in '${PUBLISH}'; do eval "$C"; break; done <<< 1`)).toContain(PUBLISH);
    expect(runs(`select C in 'npm test' 'npm ci'; do eval "$C"; break; done`)).toEqual(
      expect.arrayContaining(['npm test', 'npm ci']),
    );
  });
});

describe('standard input', () => {
  it('passes a known ASCII text through iconv', () => {
    expect(runs(`iconv -f UTF-8 -t UTF-8 <<< '${PUBLISH}' | bash`)).toContain(PUBLISH);
    expect(runs(`iconv -f UTF-8 -t UTF-8 <<< 'npm test' | bash`)).not.toContain(PUBLISH);
    expect(runs('iconv -f latin1 -t utf-8 notes.txt | bash')).toEqual(['iconv -f latin1 -t utf-8 notes.txt', 'bash']);
  });
  it('hands the stdin of ifne to its command', () => {
    expect(runs(`echo '${PUBLISH}' | ifne sh`)).toContain(PUBLISH);
    expect(runs(`echo 'npm test' | ifne sh`)).not.toContain(PUBLISH);
  });
});

describe('programs that hand their input to a shell', () => {
  const ctx = { file: files({ '/tmp/jobs.txt': `${PUBLISH}\n`, '/tmp/lines.txt': `echo a\n${PUBLISH}\necho b\n` }) };
  it("runs what awk's system($0), Perl's system(<STDIN>) and os.system(sys.stdin.read()) are given to read", () => {
    expect(runs(`awk '{ system($0) }' <<< '${PUBLISH}'`)).toContain(PUBLISH);
    expect(runs("awk '{ system($0) }' /tmp/jobs.txt", ctx)).toContain(PUBLISH);
    expect(runs(`perl -e 'system(scalar <STDIN>)' <<< '${PUBLISH}'`)).toContain(PUBLISH);
    expect(runs(`python3 -c 'import os, sys; os.system(sys.stdin.read())' <<< '${PUBLISH}'`)).toContain(PUBLISH);
  });
  it('runs nothing more when the input is not known, or the code only prints it', () => {
    expect(runs("awk '{ system($0) }' unknown.txt")).toEqual(['awk { system($0) } unknown.txt']);
    expect(runs("awk '{ print $0 }' /tmp/jobs.txt", ctx)).not.toContain(PUBLISH);
    expect(runs(`python3 -c 'import os, sys; os.system(sys.stdin.read())' <<< 'npm test'`)).not.toContain(PUBLISH);
  });
  it('gives a command with no input of its own the stdin an earlier `exec <<<` or `exec < f` set', () => {
    expect(runs(`exec 0<<< '${PUBLISH}'; sh`)).toContain(PUBLISH);
    expect(runs('exec < /tmp/jobs.txt; bash', ctx)).toContain(PUBLISH);
    expect(runs(`exec 0<<< 'npm test'; sh`)).not.toContain(PUBLISH);
    expect(runs(`exec 0<<< '${PUBLISH}'; echo ok | sh`)).not.toContain(PUBLISH);
  });
  it("applies sed's regex substitutions (through RE2) and -n Np to a known text", () => {
    expect(runs(`sed 's/^R7 //' <<< 'R7 ${PUBLISH}' | sh`)).toContain(PUBLISH);
    expect(runs(`sed -E 's/^(x) (.*)$/\\2/' <<< 'x ${PUBLISH}' | sh`)).toContain(PUBLISH);
    expect(runs(`sed 's/[[:space:]]*$//' <<< '${PUBLISH}   ' | sh`)).toContain(PUBLISH);
    expect(runs('sed -n 2p /tmp/lines.txt | sh', ctx)).toContain(PUBLISH);
    expect(runs('sed -n 1p /tmp/lines.txt | sh', ctx)).not.toContain(PUBLISH);
    expect(runs(`sed 's/^R7 //' <<< 'R7 npm test' | sh`)).not.toContain(PUBLISH);
    expect(runs(`sed 's/\\(a\\)\\1/b/' <<< '${PUBLISH}' | sh`)).not.toContain(PUBLISH); // a back-reference: not read
  });
});

describe('more routes of input', () => {
  const ctx = { file: files({ '/tmp/jobs.txt': `${PUBLISH}\n` }) };
  it("runs socat's EXEC:/SYSTEM: address fed by the other, and keeps socat itself (it moves data too)", () => {
    expect(runs(`socat -u STDIN EXEC:sh <<< '${PUBLISH}'`)).toContain(PUBLISH);
    expect(runs(`socat - SYSTEM:'${PUBLISH}'`)).toContain(PUBLISH);
    expect(runs('socat -u FILE:dump.sql TCP:files.example.com:9000')).toEqual([
      'socat -u FILE:dump.sql TCP:files.example.com:9000',
    ]);
    expect(runs(`socat -u STDIN EXEC:sh <<< 'npm test'`)).not.toContain(PUBLISH);
  });
  it("puts envsubst's variables in from its environment: a NAME=value prefix or an export", () => {
    expect(runs(`X='${PUBLISH}' envsubst <<< '$X' | sh`)).toContain(PUBLISH);
    expect(runs(`export X='${PUBLISH}'; envsubst <<< '\${X}' | sh`)).toContain(PUBLISH);
    expect(runs(`X='npm test' envsubst <<< '$X' | sh`)).not.toContain(PUBLISH);
    expect(runs(`envsubst <<< '$UNKNOWN' | sh`)).toEqual(['envsubst', 'sh']);
  });
  it('reads the argument files of GNU parallel (:::: f, -a f) the session wrote', () => {
    expect(runs('parallel --will-cite :::: /tmp/jobs.txt', ctx)).toContain(PUBLISH);
    expect(runs('parallel -a /tmp/jobs.txt', ctx)).toContain(PUBLISH);
    expect(runs('parallel :::: unknown.txt', ctx)).toEqual(['parallel :::: unknown.txt']);
  });
});

describe('a tar archive the call packed', () => {
  const ctx = { file: files({ '/tmp/job.sh': `${PUBLISH}\n`, '/tmp/ok.sh': 'npm test\n' }) };
  it('holds the texts of the files it packed, and tar -xO prints the members named (or all)', () => {
    expect(runs('tar -cf /tmp/a.tar -C /tmp job.sh && tar -xOf /tmp/a.tar job.sh | sh', ctx)).toContain(PUBLISH);
    expect(runs('tar -cf /tmp/a.tar /tmp/job.sh && tar -xOf /tmp/a.tar tmp/job.sh | sh', ctx)).toContain(PUBLISH);
    expect(runs('tar czf /tmp/a.tgz -C /tmp job.sh; tar xzOf /tmp/a.tgz | bash', ctx)).toContain(PUBLISH);
  });
  it('prints nothing it cannot know: another member, a file the session did not write, an archive it did not pack', () => {
    expect(runs('tar -cf /tmp/a.tar -C /tmp job.sh ok.sh && tar -xOf /tmp/a.tar ok.sh | sh', ctx)).not.toContain(
      PUBLISH,
    );
    expect(runs('tar -cf /tmp/a.tar -C /tmp job.sh other.sh && tar -xOf /tmp/a.tar | sh', ctx)).not.toContain(PUBLISH);
    expect(runs('tar -xOf release.tar job.sh | sh', ctx)).toEqual(['tar -xOf release.tar job.sh', 'sh']);
  });
});

describe('files a program reads by itself', () => {
  const code = "import os\nos.system('npm publish')\n";
  const ctx = { file: files({ '/tmp/start.py': code, '/tmp/site/sitecustomize.py': code }) };
  it('reads the PYTHONSTARTUP of python -i, and a sitecustomize.py on PYTHONPATH, that the session wrote', () => {
    expect(runs('PYTHONSTARTUP=/tmp/start.py python3 -i </dev/null', ctx)).toContain(PUBLISH);
    expect(runs('PYTHONPATH=/tmp/site python3 -c pass', ctx)).toContain(PUBLISH);
    expect(runs('python3 -c pass', { ...ctx, env: { PYTHONPATH: '/tmp/site' } })).toContain(PUBLISH);
  });
  it('does not read them where python does not: without -i, under -I or -E, or a folder not on PYTHONPATH', () => {
    expect(runs('PYTHONSTARTUP=/tmp/start.py python3 -c pass', ctx)).not.toContain(PUBLISH);
    expect(runs('PYTHONPATH=/tmp/site python3 -I -c pass', ctx)).not.toContain(PUBLISH);
    expect(runs('PYTHONPATH=/tmp/lib python3 -c pass', ctx)).not.toContain(PUBLISH);
  });
  it("runs deno.json's task at deno task NAME, when the session wrote deno.json", () => {
    const deno = {
      file: files({ 'deno.json': JSON.stringify({ tasks: { ship: PUBLISH, check: { command: 'npm test' } } }) }),
    };
    expect(runs('deno task ship', deno)).toContain(PUBLISH);
    expect(runs('deno task check', deno)).toContain('npm test');
    expect(runs('deno task check', deno)).not.toContain(PUBLISH);
    expect(runs('deno task ship')).toEqual(['deno task ship']);
  });
});

describe('the branch checked out', () => {
  it('is what rev-parse --symbolic-full-name, symbolic-ref and name-rev print, as a full ref or a name', () => {
    expect(onBranch('git push -f origin "$(git rev-parse --symbolic-full-name HEAD)"', 'main')).toContain(
      'git push -f origin refs/heads/main',
    );
    expect(onBranch('git push -f origin "$(git name-rev --name-only HEAD)"', 'feat/x')).toContain(
      'git push -f origin feat/x',
    );
    expect(onBranch('git push -f origin "$(basename "$(git symbolic-ref HEAD)")"', 'main')).toContain(
      'git push -f origin main',
    );
  });
  it('is what .git/HEAD holds, for sed and cut to print', () => {
    expect(onBranch(`git push -f origin "$(sed 's|ref: refs/heads/||' .git/HEAD)"`, 'main')).toContain(
      'git push -f origin main',
    );
    expect(onBranch('git push origin "$(cut -d/ -f3- .git/HEAD)"', 'feat/login')).toContain(
      'git push origin feat/login',
    );
    expect(runs('git push origin "$(cut -d/ -f3- .git/HEAD)"')).not.toContain('git push origin main');
  });
});

describe('runners declared this round', () => {
  it.each([
    'rustup run stable',
    'pyenv exec',
    'nvm exec 20',
    'volta run --node 20',
    'fnm exec --using=20',
    'opam exec --',
    'lerna exec --',
    'tox exec -e py312 --',
    'apptainer exec dev.sif',
    'xcrun',
    'eatmydata',
    'systemd-cat -t job',
    'trickle -s -u 100',
    'cgexec -g cpu:job',
    'softlimit -m 5000',
    'envdir ./env',
    'setlock /tmp/lock',
    's6-setuidgid dev',
    'guix shell --',
    'mosh build-1 --',
    'start-stop-daemon --start --exec /usr/bin/env --',
  ])('%s runs its command', (wrapper) => {
    expect(runs(`${wrapper} ${PUBLISH}`)).toContain(PUBLISH);
    expect(runs(`${wrapper} npm test`)).not.toContain(PUBLISH);
  });
  it.each([
    ["pdsh -w build-1 'CMD'"],
    ["clush -w build-1 'CMD'"],
    ["ansible all -i build-1, -m shell -a 'CMD'"],
    ["scl enable devtoolset-12 'CMD'"],
    ["machinectl shell dev@ /bin/sh -c 'CMD'"],
    ["psql -c '\\! CMD'"],
    ["mysql -e 'system CMD'"],
    ["sqlite3 :memory: '.shell CMD'"],
    ["gdb -batch -ex 'shell CMD'"],
    ["az vm run-command invoke -g rg -n vm-1 --command-id RunShellScript --scripts 'CMD'"],
    ['oc rsh api-1 CMD'],
  ])('%s runs the string', (form) => {
    expect(runs(form.replace('CMD', PUBLISH))).toContain(PUBLISH);
    expect(runs(form.replace('CMD', 'npm test'))).not.toContain(PUBLISH);
  });
  it('leaves the SQL of psql -c and mysql -e, and their own commands, as they are', () => {
    expect(runs("psql -c 'select 1'")).toEqual(['psql -c select 1']);
    expect(runs("mysql -e 'select 1'")).toEqual(['mysql -e select 1']);
    expect(runs('nvm use 20')).toEqual(['nvm use 20']);
    expect(runs('rustup show')).toEqual(['rustup show']);
    expect(runs("sqlite3 app.db 'select 1'")).toEqual(['sqlite3 app.db select 1']);
    expect(runs("gdb -ex 'break main' ./a.out")).toEqual(['gdb -ex break main ./a.out']);
    expect(runs('oc get pods')).toEqual(['oc get pods']);
  });
});
