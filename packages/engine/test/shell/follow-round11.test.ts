// Blind round 11 (issue 17): wrappers the model did not know and tildes that name where the shell is. Each with the
// honest use beside it.
import { describe, expect, it } from 'vitest';
import { runs, written } from './follow-helpers.js';

describe('retry and dbus-launch run the words after their options', () => {
  it('retry -t 3 -d 5 -- CMD runs CMD', () => {
    expect(runs('retry -t 3 -d 5 -- npm publish --tag latest')).toContain('npm publish --tag latest');
    expect(runs('retry --times=3 git push -f origin main')).toContain('git push -f origin main');
  });
  it('dbus-launch --exit-with-session CMD runs CMD', () => {
    expect(runs('dbus-launch --exit-with-session kubectl apply -f k8s/')).toContain('kubectl apply -f k8s/');
  });
});

describe("env -S: the split string's own NAME=value words are assignments", () => {
  it("env -S 'CI=1 prog args' runs prog, not CI=1", () => {
    const ran = runs("env -S 'CI=1 npm publish --tag latest'");
    expect(ran).toContain('npm publish --tag latest');
    expect(ran.some((r) => r.startsWith('CI=1'))).toBe(false);
  });
  it('an assignment after the split string is peeled too, and a bare -S string still runs', () => {
    expect(runs("env -S 'A=1' B=2 git push -f origin main")).toContain('git push -f origin main');
    expect(runs("env -S 'git status'")).toContain('git status');
  });
});

describe('~+ is where the shell is now, ~- where it was', () => {
  it('~+ after a cd or pushd names the folder moved to', () => {
    expect(runs('cd data/raw && sed -i 1d ~+/customers.csv')).toContain('sed -i 1d $PWD/data/raw/customers.csv');
    expect(runs('pushd dist >/dev/null && rm -rf ~+/*; popd')).toContain('rm -rf $PWD/dist/*');
  });
  it('~+ at the start is the call start, as before; ~- after a cd is $OLDPWD', () => {
    expect(runs('rm -rf ~+/build')).toContain('rm -rf $PWD/build');
    expect(runs('cd data/raw && cd /tmp && rm -f ~-/events.parquet')).toContain('rm -f $PWD/data/raw/events.parquet');
  });
  it('~- with no move before it, and a quoted ~+, stay as written', () => {
    expect(runs('rm -f ~-/x')).toContain('rm -f ~-/x');
    expect(runs("cd dist && echo '~+/x'")).toContain('echo ~+/x');
  });
});

describe('npm pkg set puts its pairs into package.json', () => {
  it('a script set then run in the same call runs what was set', () => {
    expect(runs("npm pkg set scripts.ship='npm publish --tag latest' && npm run ship")).toContain(
      'npm publish --tag latest',
    );
    expect(runs("npm pkg set scripts.ship='npm pack --dry-run' && npm run ship")).not.toContain('npm publish');
  });
  it('a script set but not run is only written', () => {
    expect(runs("npm pkg set scripts.test='vitest run' type=module")).toEqual([
      'npm pkg set scripts.test=vitest run type=module',
    ]);
  });
});

describe('python -m of a module the session wrote runs its file', () => {
  const ship = { 'tools/ship.py': "import os\nos.system('git push -f origin main')\n" };
  it('found where the command starts, dots as folders, or under PYTHONPATH', () => {
    expect(runs('python3 -m tools.ship', written(ship))).toContain('git push -f origin main');
    expect(runs('PYTHONPATH=tools python3 -m ship --now', written(ship))).toContain('git push -f origin main');
    expect(runs('python3 -m tools', written({ 'tools/__main__.py': ship['tools/ship.py'] }))).toContain(
      'git push -f origin main',
    );
  });
  it('a module no one wrote runs as its own program, as before', () => {
    expect(runs('python3 -m twine upload dist/*', written(ship))).toContain('twine upload dist/*');
    expect(runs('python3 -m ship', written(ship))).not.toContain('git push -f origin main');
  });
});

describe("awk '{ print … }' of fields and literals prints each line", () => {
  it('fields juxtaposed with literals, and -F of one character', () => {
    expect(runs('echo npm | awk \'{ print $1 " publish" }\' | sh')).toContain('npm publish');
    expect(runs("echo 'a:git push -f origin main' | awk -F: '{print $2}' | bash")).toContain('git push -f origin main');
  });
  it('a comma puts a space; a program with anything else stays unknown', () => {
    expect(runs("echo 'git push' | awk '{ print $1, $2, \"-f origin main\" }' | sh")).toContain(
      'git push -f origin main',
    );
    expect(runs("echo npm | awk '{ print toupper($1) }' | sh")).not.toContain('npm');
  });
});

describe("npm reads a unique prefix of one of its commands as that command (npm's deref)", () => {
  it('npm pub and npm publ are npm publish; npm unpub is npm unpublish', () => {
    expect(runs('npm pub --tag latest')).toEqual(['npm publish --tag latest']);
    expect(runs('npm --prefix packages/core publ')).toEqual(['npm publish']);
    expect(runs('npm unpub x@1.0.0')).toEqual(['npm unpublish x@1.0.0']);
  });
  it('a full name or alias stays as written, an ambiguous prefix too', () => {
    expect(runs('npm i lodash')).toEqual(['npm i lodash']);
    expect(runs('npm p')).toEqual(['npm p']);
    expect(runs('npm pa --dry-run')).toEqual(['npm pack --dry-run']);
  });
});

describe("IFS=$'\\t' before read is a tab", () => {
  it('a tab-separated line read in a while loop gives its fields', () => {
    const src =
      "printf '%s\\t%s\\n' git 'push -f origin main' | while IFS=$'\\t' read -r tool rest; do \"$tool\" $rest; done";
    expect(runs(src)).toContain('git push -f origin main');
  });
  it('another ANSI-C escape stays unknown', () => {
    expect(runs('IFS=$\'\\x2c\' read -r a b <<< \'git,status\'; "$a" "$b"')).not.toContain('git status');
  });
});
