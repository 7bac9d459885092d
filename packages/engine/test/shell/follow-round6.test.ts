// Blind round 6 (issue 17): routes an agent assembles an action by, followed by behaviour — descriptors opened for
// reading, a PATH the session exported, the startup files of a shell given by an earlier call, gzip'd base64, base32
// and basenc, the small printers between a literal and a shell, ${X@E}, output process substitutions, Procfiles, tox
// and pre-commit hooks, git filter-branch, and the runners declared this round. Each with the honest use beside it.
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { gunzip } from '../../src/shell/inflate.js';
import { files, runs } from './follow-helpers.js';

const PUBLISH = 'npm publish';

describe('descriptors opened for reading', () => {
  it('feeds `bash <&3` the here-string, heredoc or file an earlier `exec 3<` opened', () => {
    expect(runs(`exec 3<<<'${PUBLISH}'; bash <&3`)).toContain(PUBLISH);
    expect(runs(`exec 4<<'EOF'\n${PUBLISH}\nEOF\nsh <&4`)).toContain(PUBLISH);
    const ctx = { file: files({ '/tmp/job.sh': `${PUBLISH}\n` }) };
    expect(runs('exec 3< /tmp/job.sh; bash <&3', ctx)).toContain(PUBLISH);
    expect(runs('bash /dev/fd/3 3< /tmp/job.sh', ctx)).toContain(PUBLISH);
  });
  it('runs nothing for a descriptor that was not opened, or one opened on a text it cannot know', () => {
    expect(runs('bash <&3')).toEqual(['bash']);
    expect(runs('exec 3< /tmp/unknown.sh; bash <&3')).not.toContain(PUBLISH);
    expect(runs(`exec 3<<<'npm test'; bash <&3`)).toContain('npm test');
  });
});

describe('a PATH the session exported', () => {
  const ctx = { file: files({ 'tools/ship': `#!/bin/sh\n${PUBLISH}\n` }) };
  it('looks a bare name up in the folders an export put before $PATH, in the call or an earlier one', () => {
    expect(runs('export PATH="$PWD/tools:$PATH"; ship', ctx)).toContain(PUBLISH);
    expect(runs('ship --now', { ...ctx, env: { PATH: '$PWD/tools:$PATH' } })).toContain(PUBLISH);
  });
  it('does not look in a folder the PATH does not name', () => {
    expect(runs('export PATH="$PWD/bin:$PATH"; ship', ctx)).not.toContain(PUBLISH);
    expect(runs('ship', ctx)).toEqual(['ship']);
  });
});

describe('startup files a shell reads', () => {
  const ctx = { file: files({ '/tmp/rc': `${PUBLISH}\n` }) };
  it('runs the ENV an interactive sh is given or has exported, not for a sh that is not interactive', () => {
    expect(runs("ENV=/tmp/rc sh -i -c 'echo ok'", ctx)).toContain(PUBLISH);
    expect(runs("sh -i -c 'echo ok'", { ...ctx, env: { ENV: '/tmp/rc' } })).toContain(PUBLISH);
    expect(runs("sh -c 'echo ok'", { ...ctx, env: { ENV: '/tmp/rc' } })).not.toContain(PUBLISH);
  });
  it("reads each session's own startup file for the same source (a reading is not cached across sessions)", () => {
    const env = { ENV: '/tmp/rc' };
    for (let i = 0; i < 3; i++) {
      expect(runs("sh -i -c 'echo ok'", { env, file: files({ '/tmp/rc': `${PUBLISH}\n` }) })).toContain(PUBLISH);
      expect(runs("sh -i -c 'echo ok'", { env, file: files({ '/tmp/rc': 'npm test\n' }) })).not.toContain(PUBLISH);
    }
  });
  it('runs the BASH_ENV an earlier call exported for a bash that spells no $', () => {
    expect(runs("bash -c 'echo ok'", { ...ctx, env: { BASH_ENV: '/tmp/rc' } })).toContain(PUBLISH);
  });
});

describe('decoders', () => {
  const gz = gzipSync(`${PUBLISH}\n`).toString('base64');
  it('reads a gzip member decoded by base64 -d as the text it holds, so gunzip and zcat print it', () => {
    expect(runs(`echo ${gz} | base64 -d | gunzip | sh`)).toContain(PUBLISH);
    expect(runs(`base64 -d <<< ${gz} | zcat | bash`)).toContain(PUBLISH);
    expect(runs(`echo ${gz} | base64 --decode > /tmp/k.gz && gzip -dc /tmp/k.gz | sh`)).toContain(PUBLISH);
  });
  it('inflates stored, fixed and dynamic blocks, and gives up on a truncated or oversized member', () => {
    const text = `${'npm test && '.repeat(200)}${PUBLISH}\n`;
    for (const level of [0, 1, 9]) {
      const out = gunzip(new Uint8Array(gzipSync(text, { level })), 65536);
      expect(new TextDecoder().decode(out)).toBe(text);
    }
    const whole = new Uint8Array(gzipSync(text));
    expect(gunzip(whole.subarray(0, 30), 65536)).toBeUndefined();
    expect(gunzip(whole, 100)).toBeUndefined();
  });
  it('decodes base32 and basenc', () => {
    const b32 = 'NZYG2IDQOVRGY2LTNAFA===='; // "npm publish\n"
    expect(runs(`echo ${b32} | base32 -d | sh`)).toContain(PUBLISH);
    expect(runs(`basenc --base64 -d <<< ${Buffer.from(`${PUBLISH}\n`).toString('base64')} | sh`)).toContain(PUBLISH);
    expect(runs(`echo ${b32} | base32 | sh`)).not.toContain(PUBLISH);
  });
});

describe('printers between a literal and a shell', () => {
  it('computes cut, grep of a literal line pattern, dd as a pass-through and envsubst without $', () => {
    expect(runs(`cut -c4- <<< 'xx ${PUBLISH}' | sh`)).toContain(PUBLISH);
    const ctx = { file: files({ '/tmp/job.sh': `# nightly\n${PUBLISH}\n`, '/tmp/t': `${PUBLISH}\n` }) };
    expect(runs("grep -v '^#' /tmp/job.sh | sh", ctx)).toContain(PUBLISH);
    expect(runs("grep -v 'publish' /tmp/job.sh | sh", ctx)).not.toContain(PUBLISH);
    expect(runs(`echo '${PUBLISH}' | dd status=none | sh`)).toContain(PUBLISH);
    expect(runs(`echo '${PUBLISH}' | dd conv=ucase | sh`)).not.toContain(PUBLISH);
    expect(runs('envsubst < /tmp/t | sh', ctx)).toContain(PUBLISH);
  });
  it('computes jq -r of a string literal or a field, and awk programs that print their input or a literal', () => {
    expect(runs(`jq -rn '"${PUBLISH}"' | sh`)).toContain(PUBLISH);
    expect(runs(`jq -r .cmd <<< '{"cmd":"${PUBLISH}"}' | sh`)).toContain(PUBLISH);
    expect(runs(`awk 'BEGIN { print "${PUBLISH}" }' | sh`)).toContain(PUBLISH);
    const ctx = { file: files({ '/tmp/job.sh': `${PUBLISH}\n` }) };
    expect(runs('awk 1 /tmp/job.sh | bash', ctx)).toContain(PUBLISH);
    expect(runs("awk '{print $2}' /tmp/job.sh | bash", ctx)).not.toContain(PUBLISH);
  });
  it('computes an interpreter one-liner that only prints a literal, and nothing for one that computes', () => {
    expect(runs(`python3 -c 'print("${PUBLISH}")' | sh`)).toContain(PUBLISH);
    expect(runs(`node -e 'console.log("${PUBLISH}")' | bash`)).toContain(PUBLISH);
    expect(runs(`perl -le 'print q{${PUBLISH}}' | sh`)).toContain(PUBLISH);
    expect(runs(`python3 -c 'print("npm" + " publish")' | sh`)).not.toContain(PUBLISH);
  });
});

describe('values and substitutions', () => {
  it('computes ${X@E}, ${X@Q} and the case transforms', () => {
    expect(runs(`C='${PUBLISH}'; eval "\${C@E}"`)).toContain(PUBLISH);
    expect(runs(`C='${PUBLISH}'; eval "\${C@Q}"`)).toContain(PUBLISH);
    expect(runs(`C='NPM PUBLISH'; eval "\${C@L}"`)).toContain(PUBLISH);
    expect(runs(`C='npm test'; eval "\${C@E}"`)).not.toContain(PUBLISH);
  });
  it('reads an array assigned with literal keys by its key, and forgets the keys when it is assigned again', () => {
    expect(runs(`declare -A M=([job]='${PUBLISH}' [x]=y); eval "\${M[job]}"`)).toContain(PUBLISH);
    expect(runs(`declare -A M=([job]='${PUBLISH}'); echo "\${M[@]}" | sh`)).toContain(PUBLISH);
    expect(runs(`declare -A M=([job]='npm test' [x]='${PUBLISH}'); eval "\${M[job]}"`)).not.toContain(PUBLISH);
    expect(runs(`declare -A M=([job]='${PUBLISH}'); M=x; eval "\${M[job]}"`)).not.toContain(PUBLISH);
  });
  it('feeds an output process substitution what the command prints', () => {
    expect(runs(`echo '${PUBLISH}' > >(bash)`)).toContain(PUBLISH);
    expect(runs(`echo '${PUBLISH}' | tee >(sh) >/dev/null`)).toContain(PUBLISH);
    expect(runs(`echo '${PUBLISH}' | tee >(wc -l)`)).not.toContain(PUBLISH);
  });
});

describe('project tasks', () => {
  it('runs the Procfile entry honcho or foreman starts, only that one when named', () => {
    const ctx = { file: files({ Procfile: `web: npm start\nship: ${PUBLISH}\n` }) };
    expect(runs('honcho start ship', ctx)).toContain(PUBLISH);
    expect(runs('foreman start', ctx)).toContain(PUBLISH);
    expect(runs('honcho start web', ctx)).not.toContain(PUBLISH);
    expect(runs('honcho check', ctx)).not.toContain(PUBLISH);
  });
  it("runs tox's environment commands and pre-commit's local system hooks", () => {
    const tox = {
      file: files({ 'tox.ini': `[testenv:ship]\ncommands =\n    ${PUBLISH}\n[testenv:lint]\ncommands = npm test\n` }),
    };
    expect(runs('tox -e ship', tox)).toContain(PUBLISH);
    expect(runs('tox -e lint', tox)).not.toContain(PUBLISH);
    const config = `repos:\n  - repo: local\n    hooks:\n      - id: ship\n        name: ship\n        entry: ${PUBLISH}\n        language: system\n`;
    const pc = { file: files({ '.pre-commit-config.yaml': config }) };
    expect(runs('pre-commit run ship --all-files', pc)).toContain(PUBLISH);
    expect(runs('pre-commit run lint --all-files', pc)).not.toContain(PUBLISH);
  });
});

describe('runners declared this round', () => {
  it('peels the process tools and secret injectors to the command they run', () => {
    for (const wrapper of [
      'perf stat -e task-clock --',
      'valgrind -q',
      'gdb -q -batch -ex run --args',
      'setarch x86_64',
      'prlimit --nofile=1024:1024',
      'systemd-inhibit --why=deploy',
      'setpriv --reuid=1000 --regid=1000 --clear-groups',
      'chpst -u dev',
      'rlwrap',
      'tsp',
      'envchain shop',
      'chamber exec shop --',
      'systemd-nspawn -q -D /srv/root',
      'limactl shell default',
    ])
      expect(runs(`${wrapper} ${PUBLISH}`), wrapper).toContain(PUBLISH);
    expect(runs(`pueue add -- '${PUBLISH}'`)).toContain(PUBLISH);
    expect(runs(`sops exec-env secrets.enc.yaml '${PUBLISH}'`)).toContain(PUBLISH);
    expect(runs(`fly ssh console -C '${PUBLISH}'`)).toContain(PUBLISH);
    expect(runs(`git filter-branch -f --tree-filter '${PUBLISH}' HEAD~1..HEAD`)).toContain(PUBLISH);
    for (const shell of ['yash', 'elvish', 'xonsh', 'nu']) expect(runs(`${shell} -c '${PUBLISH}'`)).toContain(PUBLISH);
  });
  it("reads capsh's bash string and the shell calls of Elixir, Guile and AppleScript one-liners", () => {
    expect(runs(`capsh --caps=cap_net_raw+ep -- -c '${PUBLISH}'`)).toContain(PUBLISH);
    expect(runs(`elixir -e 'System.shell("${PUBLISH}")'`)).toContain(PUBLISH);
    expect(runs(`elixir -e 'System.cmd("npm", ["publish"])'`)).toContain(PUBLISH);
    expect(runs(`guile -c '(system "${PUBLISH}")'`)).toContain(PUBLISH);
    expect(runs(`guile -c '(system* "npm" "publish")'`)).toContain(PUBLISH);
    expect(runs(`osascript -e 'do shell script "${PUBLISH}"'`)).toContain(PUBLISH);
    expect(runs('capsh --print')).toEqual(['capsh --print']);
    expect(runs(`osascript -e 'display dialog "${PUBLISH}"'`)).not.toContain(PUBLISH);
    expect(runs(`elixir -e 'IO.puts("${PUBLISH}")'`)).not.toContain(PUBLISH);
  });
  it('runs nothing where the tool only watches, lists or debugs', () => {
    expect(runs('perf stat -p 1234')).toEqual(['perf stat -p 1234']);
    expect(runs('gdb ./app')).toEqual(['gdb ./app']);
    expect(runs('tsp -l')).toEqual(['tsp -l']);
    expect(runs('envchain --list')).toEqual(['envchain --list']);
  });
});
