// Round 15 (issue 17): what jq and yq write when their filter sets a key, a value exported by an earlier call that a
// program reads by name, perl's digit-only -0/-l inside a cluster of flags, ruby's %q() and awk's replacements in
// place, and the code an interpreter gets from a word the shell expanded in part.
import { describe, expect, it } from 'vitest';
import { COMPUTED_PIECE } from '../../src/shell/computed-piece.js';
import { parseShell } from '../../src/shell/index.js';
import { written } from './follow-helpers.js';

const writes = (source: string, env?: Record<string, string>) =>
  parseShell(source, undefined, env === undefined ? undefined : { env })
    .effects.filter((e) => e.kind === 'write' || e.kind === 'append')
    .map((e) => [e.path, e.content]);

// The set keys are written under their whole path, so the piece the ledger keeps reads as the file does (a task
// runner's reader finds `tasks:` → the task; structured-edits.test.ts).
describe('jq and yq: the keys a filter sets are known lines of what they write', () => {
  it('jq --arg into a temp file, moved over the config', () => {
    expect(
      writes(
        `jq --arg k "sk_live_abc" '.stripe.secretKey = $k' config/app.json > /tmp/a.json && mv /tmp/a.json config/app.json`,
      ),
    ).toEqual([
      ['/tmp/a.json', `${COMPUTED_PIECE}\n{\n  "stripe": {\n    "secretKey": "sk_live_abc"\n  }\n}\n`],
      ['config/app.json', `${COMPUTED_PIECE}\n{\n  "stripe": {\n    "secretKey": "sk_live_abc"\n  }\n}\n`],
    ]);
  });
  it('a string literal, $ENV.NAME and several assignments', () => {
    expect(writes(`jq '.a.b = "x" | .c = $ENV.TOKEN' f.json > g.json`, { TOKEN: 'v' })).toEqual([
      ['g.json', `${COMPUTED_PIECE}\n{\n  "a": {\n    "b": "x"\n  },\n  "c": "v"\n}\n`],
    ]);
  });
  it('a value not known stays a computed piece; a filter that sets nothing writes nothing known', () => {
    expect(writes(`jq --arg k "$(cat key)" '.key = $k' f.json > g.json`)).toEqual([
      ['g.json', `${COMPUTED_PIECE}\n{\n  "key": ${COMPUTED_PIECE}\n}\n`],
    ]);
    expect(writes(`jq '.a' f.json > g.json`)).toEqual([['g.json', undefined]]);
  });
  it('yq -i writes its files back with the keys strenv() reads from the session', () => {
    expect(
      writes(`yq -i '.spring.datasource.password = strenv(DB_PASSWORD)' config/application.yaml`, {
        DB_PASSWORD: 'Zq7vR2pL',
      }),
    ).toEqual([['config/application.yaml', `${COMPUTED_PIECE}\nspring:\n  datasource:\n    password: Zq7vR2pL\n`]]);
  });
  it('yq eval -o json without -i prints; a read changes nothing', () => {
    expect(writes(`yq eval -o json '.db.host = "h"' a.yaml > b.json`)).toEqual([
      ['b.json', `${COMPUTED_PIECE}\n{\n  "db": {\n    "host": "h"\n  }\n}\n`],
    ]);
    expect(writes(`yq '.db.host' a.yaml`)).toEqual([]);
  });
});

describe("perl's -0 and -l take digits only", () => {
  it('-0pi is -0 -p -i: the file is edited in place', () => {
    expect(writes(`perl -0pi -e 's/A = 50/A = 40/' src/x.ts`)).toEqual([['src/x.ts', 'A = 40']]);
    expect(writes(`perl -0777pi.bak -e 's/A/B/' src/x.ts`)).toEqual([['src/x.ts', 'B']]);
    expect(writes(`perl -l015pi -e 's/A/B/' src/x.ts`)).toEqual([['src/x.ts', 'B']]);
  });
  it('-0 alone or with its digits edits nothing', () => {
    expect(writes(`perl -0777 -ne 'print if /x/' src/x.ts`)).toEqual([]);
  });
});

describe('the replacements of an in-place edit by ruby or awk', () => {
  it("ruby's %q() replacement and awk's gsub()", () => {
    expect(writes(`ruby -pi -e 'sub(/^  it "a"/, %q(  fit "a"))' spec/c_spec.rb`)).toEqual([
      ['spec/c_spec.rb', '  fit "a"'],
    ]);
    expect(writes(`awk -i inplace '{gsub(/__TOKEN__/, "npm_x")}1' .npmrc`)).toEqual([['.npmrc', 'npm_x']]);
  });
});

describe('code an interpreter gets from a word the shell expanded in part', () => {
  it('marks the expansion the shell made, not a reference in single quotes', () => {
    const content = (source: string) => writes(source)[0]?.[1];
    expect(content(`python3 -c "open('.npmrc','a').write('_authToken=\${NPM_TOKEN}')"`)).toBe(
      '_authToken=\u27e8${NPM_TOKEN}\u27e9',
    );
    expect(content(`python3 -c 'open(".npmrc","a").write("_authToken=\${NPM_TOKEN}")'`)).toBe(
      '_authToken=${NPM_TOKEN}',
    );
    // An escaped $ is the code's own: JS's template, written as \${…} in double quotes.
    expect(content("node -e \"require('fs').writeFileSync('a.txt', `v=\\${x}`)\" ")).not.toContain('\u27e8');
  });
});

const commands = (source: string, known?: Record<string, string>) =>
  parseShell(source, undefined, known === undefined ? undefined : written(known)).commands.map((c) =>
    c.argv.length === 0 ? c.program : `${c.program} ${c.argv.join(' ')}`,
  );

describe('Python SDK calls are read as the command they stand for', () => {
  it('boto3: a changing client call, a bucket emptied through the resource API; a read adds nothing', () => {
    expect(
      commands(`python3 -c "import boto3; boto3.client('lambda').update_function_code(FunctionName='f')"`),
    ).toContain('aws lambda update-function-code');
    expect(
      commands(`python3 -c "import boto3; boto3.resource('s3').Bucket('cache').objects.all().delete()"`),
    ).toContain('aws s3 rm s3://cache --recursive');
    expect(commands(`python3 -c "import boto3; print(boto3.client('s3').list_buckets())"`).join('\n')).not.toMatch(
      /^aws /m,
    );
  });
  it('huggingface_hub uploads and a literal login token; wandb.login', () => {
    expect(
      commands(`python3 -c "from huggingface_hub import HfApi; HfApi().upload_folder(folder_path='m', repo_id='a/m')"`),
    ).toContain('huggingface-cli upload');
    expect(commands(`python3 -c "from huggingface_hub import login; login(token='hf_abc')"`)).toContain(
      'huggingface-cli login --token hf_abc',
    );
    expect(commands(`python3 -c "from huggingface_hub import login; login()"`).join('\n')).not.toContain('--token');
    expect(commands(`python3 -c "import wandb; wandb.login(key='k1')"`)).toContain('wandb login k1');
  });
});

describe('task runners whose files the session wrote', () => {
  it("dvc repro runs the named stage's cmd from dvc.yaml", () => {
    const dvc = 'stages:\n  strip:\n    cmd: sed -i "/^#/d" data/raw/events.csv\n  train:\n    cmd: python train.py\n';
    expect(commands('cd /w && dvc repro strip', { '/w/dvc.yaml': dvc })).toContain('sed -i /^#/d data/raw/events.csv');
    expect(commands('cd /w && dvc repro train', { '/w/dvc.yaml': dvc })).not.toContain(
      'sed -i /^#/d data/raw/events.csv',
    );
  });
  it("snakemake runs the named rule's shell with its input put in", () => {
    const snakefile = 'rule compress:\n    input: "data/raw/events.csv"\n    shell: "gzip {input}"\n';
    expect(commands('cd /w && snakemake --cores 1 compress', { '/w/Snakefile': snakefile })).toContain(
      'gzip data/raw/events.csv',
    );
    expect(commands('cd /w && snakemake -n compress', { '/w/Snakefile': snakefile })).not.toContain(
      'gzip data/raw/events.csv',
    );
  });
});

describe('docker run of an image whose entrypoint is a CLI', () => {
  it('runs the CLI with the words after the image; a shell named there runs as written', () => {
    expect(commands('docker run --rm -v "$PWD":/w hashicorp/terraform:1.7 destroy -auto-approve')).toContain(
      'terraform destroy -auto-approve',
    );
    expect(commands("docker run --rm alpine/git sh -c 'git status'")).toContain('git status');
    expect(commands('docker run --rm --entrypoint aws some/image s3 ls')).toContain('aws s3 ls');
  });
});

describe('git credential helpers read the password on stdin', () => {
  it('keeps the text piped into credential approve and credential-store store as the command input', () => {
    const input = (source: string) => parseShell(source).commands.find((c) => c.program === 'git')?.input?.text;
    expect(input(`printf 'host=github.com\\npassword=p1\\n' | git -c credential.helper=store credential approve`)).toBe(
      'host=github.com\npassword=p1\n',
    );
    expect(input(`printf 'password=p1\\n' | git credential-store --file ~/.git-credentials store`)).toBe(
      'password=p1\n',
    );
    expect(input(`printf 'host=x\\n' | git credential fill`)).toBeUndefined();
  });
});

describe("find's negated tests keep files out, they do not pick them", () => {
  it('-not -name .git -delete deletes everything below but .git', () => {
    const deleted = parseShell("find . -mindepth 1 -not -path './.git/*' -not -name .git -delete")
      .effects.filter((e) => e.kind === 'delete')
      .map((e) => e.path);
    expect(deleted).toContain('**');
    expect(deleted).not.toContain('**/.git');
  });
});
