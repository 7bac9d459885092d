// Build, lint, format and docs tools load the project's own code as they start (round 52: code a tool loads from the
// project by itself): a session that writes `webpack.config.js`, `eslint.config.js`, `setup.py`, Sphinx's `conf.py` or
// a `build.rs`, then runs the ordinary command, runs that code. Each tool's files are given as folder runs (follow.ts
// runs those the call or the session wrote; the team's own are not known and stay as they are), from its manual:
// - JavaScript tools whose config is a module they import (webpack.js.org "Configuration"; vite.dev "Configuring
//   Vite"; rollupjs.org "Configuration files"; eslint.org "Configuration files"; prettier.io "Configuration file";
//   babeljs.io "Config files"; postcss-load-config; tailwindcss.com; nextjs.org "next.config.js"; nuxt.com; astro.build;
//   storybook.js.org "main.js"; gulpjs.com "gulpfile"; gruntjs.com "Gruntfile"; commitlint; lint-staged): the config,
//   given by its option or found by its default names, and the modules it names by a relative path. A framework's
//   build also loads the style tools' configs (postcss, tailwind): the stricter reading takes them with it.
// - Python builds (setuptools' setup.py, run by pip, build, uv and the like for a local project; a PEP 517 backend
//   in the tree, `backend-path`; hatchling's build hook, hatch_build.py), Sphinx's conf.py (sphinx-build SOURCE OUT,
//   or -c DIR), and Cargo's build script (doc.rust-lang.org/cargo, "Build scripts": build.rs at the package root, or
//   `[package] build = "…"`), CMake's CMakeLists.txt (its execute_process runs at configure time).
import type { EffectInput, FolderRun, ProgramDeclaration } from './declaration.js';
import { USUAL_HOMES } from '../startup-files.js';
import { braces, configRuns, fileRun, has, namedModules, optionValue, SCRIPT, split } from './loaded-files.js';

const HELP = ['-h', '--help', '-v', '--version', '-V'];

/** The style tools' configs a framework's build or dev server loads with its own (postcss, tailwind). */
const STYLE_CONFIGS = [`postcss.config.${SCRIPT}`, '.postcssrc.{js,cjs,mjs}', `tailwind.config.${SCRIPT}`];

/** The default config names of the tools whose config is code, as `npm run build` may start any of them. */
const NAMES: Readonly<Record<string, readonly string[]>> = {
  webpack: [`webpack.config.${SCRIPT}`, 'webpackfile.js'],
  vite: [`vite.config.${SCRIPT}`, 'svelte.config.js', ...STYLE_CONFIGS],
  rollup: [`rollup.config.${SCRIPT}`],
  eslint: [`eslint.config.${SCRIPT}`, '.eslintrc.{js,cjs}'],
  stylelint: ['stylelint.config.{js,cjs,mjs}', '.stylelintrc.{js,cjs,mjs}'],
  prettier: [`prettier.config.${SCRIPT}`, `.prettierrc.${SCRIPT}`],
  babel: ['babel.config.{js,cjs,mjs,cts}', '.babelrc.{js,cjs,mjs}'],
  postcss: STYLE_CONFIGS.slice(0, 2),
  tailwindcss: STYLE_CONFIGS.slice(2),
  next: ['next.config.{js,mjs,ts,cjs}', 'babel.config.{js,cjs,mjs}', '.babelrc.{js,cjs,mjs}', ...STYLE_CONFIGS],
  nuxt: ['nuxt.config.{ts,js,mjs,cjs}', 'app.config.{ts,js}', ...STYLE_CONFIGS],
  astro: [`astro.config.${SCRIPT}`, ...STYLE_CONFIGS],
  'svelte-kit': ['svelte.config.js', `vite.config.${SCRIPT}`],
  gulp: ['gulpfile.{js,cjs,mjs,ts,babel.js}', 'gulpfile.js/index.js'],
  grunt: ['Gruntfile.{js,cjs}', 'gruntfile.{js,cjs}'],
  commitlint: [`commitlint.config.${SCRIPT}`, `.commitlintrc.${SCRIPT}`],
  'lint-staged': ['lint-staged.config.{js,mjs,cjs}', '.lintstagedrc.{js,mjs,cjs}'],
  storybook: ['.storybook/main.{js,ts,cjs,mjs,mts}', '.storybook/preview.{js,ts,jsx,tsx}'],
  docusaurus: ['docusaurus.config.{js,ts,mjs,cjs}', 'sidebars.{js,ts}'],
};

/** A JavaScript tool: its config by an option or by its default names; nothing for help, version or the options
 * that skip the config (`prettier --no-config`), or a subcommand that loads none. */
function jsTool(
  program: string,
  about: string,
  options: readonly string[],
  configOptions: readonly string[],
  opts: {
    readonly names?: readonly string[];
    readonly skip?: readonly string[];
    readonly subcommands?: readonly string[];
  } = {},
): ProgramDeclaration {
  const names = [program, ...(opts.names ?? [])];
  return {
    names,
    about,
    options: { '*': options },
    folderRuns: (input) => {
      if (has(input, [...HELP, ...(opts.skip ?? [])])) return [];
      const sub = input.positionals[0];
      if (opts.subcommands !== undefined && (sub === undefined || !opts.subcommands.includes(sub))) return [];
      return configRuns(input, configOptions, NAMES[program] ?? []);
    },
  };
}

/** rollup reads a config only with -c/--config, whose value is optional (`rollup -c`, `rollup -c build.mjs`). */
function rollupRuns(input: EffectInput): readonly FolderRun[] {
  if (has(input, HELP)) return [];
  const at = input.argv.findIndex((w) => w === '-c' || w === '--config' || w.startsWith('--config='));
  if (at === -1) return [];
  const word = input.argv[at] as string;
  const next = word.startsWith('--config=') ? word.slice('--config='.length) : input.argv[at + 1];
  if (next !== undefined && !next.startsWith('-') && /\.[cm]?[jt]s$/.test(next))
    return [{ ...fileRun(next, 'node'), modules: namedModules }];
  return configRuns(input, [], NAMES.rollup ?? []);
}

/** Storybook's config folder (-c/--config-dir, else .storybook): main.* and preview.* run as it starts. */
function storybookRuns(input: EffectInput): readonly FolderRun[] {
  if (has(input, HELP)) return [];
  const sub = input.positionals[0];
  const legacy = input.program === 'build-storybook' || input.program === 'start-storybook';
  if (!legacy && sub !== 'dev' && sub !== 'build') return [];
  const dir = optionValue(input, ['-c', '--config-dir']);
  const names = NAMES.storybook ?? [];
  return dir === undefined
    ? configRuns(input, [], names)
    : configRuns(
        input,
        [],
        names.map((n) => n.replace(/^\.storybook\//, '')),
        dir.replace(/\/+$/, ''),
      );
}

export const JS_BUILD_TOOLS: readonly ProgramDeclaration[] = [
  jsTool(
    'webpack',
    'webpack [build|serve|watch]: runs webpack.config.* (-c/--config) as it starts, and the modules it names',
    ['-c', '--config', '--config-name', '--mode', '--env', '--entry', '-o', '--output-path', '--name', '--target'],
    ['-c', '--config'],
    { names: ['webpack-cli', 'webpack-dev-server'], skip: ['--no-config'] },
  ),
  jsTool(
    'vite',
    'vite [build|dev|serve|preview|optimize]: runs vite.config.* (-c/--config), and the postcss/tailwind configs it loads',
    ['-c', '--config', '-m', '--mode', '--base', '--host', '--port', '--outDir', '-l', '--logLevel', '--filter'],
    ['-c', '--config'],
  ),
  {
    ...jsTool('rollup', '', [], []),
    about: 'rollup -c [FILE]: runs rollup.config.* (or FILE) as it starts',
    folderRuns: rollupRuns,
  },
  jsTool(
    'babel',
    'babel (@babel/cli): runs babel.config.*/.babelrc.* (--config-file) as it starts',
    ['--config-file', '-o', '--out-file', '-d', '--out-dir', '-x', '--extensions', '--env-name', '--root-mode'],
    ['--config-file'],
    { skip: ['--no-babelrc'] },
  ),
  jsTool(
    'postcss',
    'postcss (postcss-cli): runs postcss.config.* (--config DIR) as it starts',
    ['-o', '--output', '-d', '--dir', '-c', '--config', '-u', '--use', '--ext', '--base', '--env'],
    [],
  ),
  jsTool(
    'tailwindcss',
    'tailwindcss: runs tailwind.config.* (-c/--config) as it builds',
    ['-c', '--config', '-i', '--input', '-o', '--output', '--content', '--postcss'],
    ['-c', '--config'],
    { names: ['tailwind'] },
  ),
  jsTool(
    'next',
    'next build|dev|start|lint|export: runs next.config.*, and the babel/postcss/tailwind configs it loads',
    ['-p', '--port', '-H', '--hostname', '--experimental-debug-memory-usage', '-d', '--dir'],
    [],
    { subcommands: ['build', 'dev', 'start', 'lint', 'export', 'info'] },
  ),
  jsTool(
    'nuxt',
    'nuxt/nuxi build|dev|generate|preview|prepare: runs nuxt.config.* and app.config.* as it starts',
    ['--dotenv', '--envName', '-p', '--port', '--host', '--cwd', '--preset'],
    [],
    { names: ['nuxi'], subcommands: ['build', 'dev', 'generate', 'preview', 'prepare', 'typecheck'] },
  ),
  jsTool(
    'astro',
    'astro build|dev|preview|check|sync: runs astro.config.* (--config) as it starts',
    ['--config', '--root', '--site', '--base', '--port', '--host', '--outDir', '--mode'],
    ['--config'],
    { subcommands: ['build', 'dev', 'start', 'preview', 'check', 'sync'] },
  ),
  jsTool(
    'docusaurus',
    'docusaurus build|start|serve|deploy: runs docusaurus.config.* and sidebars.* as it starts',
    ['--config', '--out-dir', '--locale', '-p', '--port', '-h', '--host'],
    ['--config'],
    { subcommands: ['build', 'start', 'serve', 'deploy', 'swizzle', 'write-translations', 'write-heading-ids'] },
  ),
  jsTool('svelte-kit', 'svelte-kit sync: runs svelte.config.js', [], [], { subcommands: ['sync'] }),
  {
    names: ['storybook', 'sb', 'build-storybook', 'start-storybook'],
    about: 'storybook dev|build: runs .storybook/main.* and preview.* (-c/--config-dir DIR) as it starts',
    options: { '*': ['-c', '--config-dir', '-p', '--port', '-o', '--output-dir', '-h', '--host', '--ci'] },
    folderRuns: storybookRuns,
  },
  jsTool(
    'gulp',
    'gulp [TASK…]: runs gulpfile.* (-f/--gulpfile) as it starts, even to list the tasks',
    ['-f', '--gulpfile', '--cwd', '--require', '--series'],
    ['-f', '--gulpfile'],
  ),
  jsTool(
    'grunt',
    'grunt [TASK…]: runs Gruntfile.js (--gruntfile) as it starts',
    ['--gruntfile', '--base', '--tasks', '--npm'],
    ['--gruntfile'],
  ),
  jsTool(
    'commitlint',
    'commitlint: runs commitlint.config.* (-g/--config) as it checks a message',
    ['-g', '--config', '-e', '--edit', '-f', '--from', '-t', '--to', '-x', '--extends', '--cwd'],
    ['-g', '--config'],
  ),
  jsTool(
    'lint-staged',
    'lint-staged: runs lint-staged.config.*/.lintstagedrc.js (-c/--config) as it starts',
    ['-c', '--config', '--cwd', '-p', '--concurrent', '--diff', '--diff-filter', '--max-arg-length'],
    ['-c', '--config'],
  ),
];

/** eslint/stylelint and prettier run their config as they start (declared with their in-place effects). */
export function linterRuns(input: EffectInput): readonly FolderRun[] {
  if (has(input, [...HELP, '--no-config', '--no-config-lookup', '--no-eslintrc', '--init'])) return [];
  const own = input.program === 'stylelint' ? 'stylelint' : input.program === 'prettier' ? 'prettier' : 'eslint';
  return configRuns(input, own === 'prettier' ? ['--config'] : ['-c', '--config'], NAMES[own] ?? []);
}

/** The npm, pnpm and yarn words that run a package script (`npm run build`, `npm start`, `yarn build`, `pnpm dev`);
 * for yarn and pnpm a bare word is a script only among the usual script names (their own commands come first). */
const USUAL_SCRIPTS = ['build', 'dev', 'start', 'serve', 'preview', 'lint', 'format', 'docs', 'storybook', 'generate'];
export function runsPackageScript(input: EffectInput): boolean {
  if (!['npm', 'pnpm', 'yarn'].includes(input.program)) return false;
  const [first, second] = input.positionals;
  if (first === 'run' || first === 'run-script') return second !== undefined;
  if (first === 'start' || first === 'restart') return true;
  return input.program !== 'npm' && first !== undefined && USUAL_SCRIPTS.includes(first.split(':')[0] as string);
}

/** The JS tools' default configs the session wrote may run under a package script whose command is not known (`npm
 * run build` under the team's own package.json): every tool's, in the package's folder — the stricter reading. */
export const SCRIPT_TOOL_CONFIGS: readonly FolderRun[] = Object.values(NAMES)
  .flat()
  .flatMap(braces)
  .filter((name, i, all) => all.indexOf(name) === i)
  .map((files) => ({ dir: '.', files, family: 'node' as const, modules: namedModules }));

// ---- Python ----

/** The module files of a pyproject.toml's in-tree build backend (`backend-path = ["_custom_build"]`, `build-backend =
 * "backend"` → _custom_build/backend.py) and its hatchling build hook (hatch_build.py, or `path = "…"`). */
export function pyprojectBuildModules(text: string): string[] {
  const out: string[] = [];
  const backend = /^\s*build-backend\s*=\s*["']([\w.]+)(?::[\w.]+)?["']/m.exec(text)?.[1];
  const paths = /^\s*backend-path\s*=\s*\[([^\]]*)\]/m.exec(text)?.[1];
  if (backend !== undefined && paths !== undefined)
    for (const p of paths.matchAll(/["']([^"']+)["']/g)) {
      const module = backend.replace(/\./g, '/');
      out.push(
        `./${(p[1] as string).replace(/\/+$/, '')}/${module}.py`,
        `./${(p[1] as string).replace(/\/+$/, '')}/${module}/__init__.py`,
      );
    }
  // poetry's build script (`[tool.poetry.build] script = "build.py"`)
  const poetry = /^\[tool\.poetry\.build\]\s*$([\s\S]*?)(?=^\[|(?![\s\S]))/m.exec(text)?.[1];
  const script = poetry === undefined ? undefined : /^\s*script\s*=\s*["']([^"']+)["']/m.exec(poetry)?.[1];
  if (script !== undefined) out.push(`./${script}`);
  const hook = /^\[tool\.hatch\.build(?:\.targets\.\w+)?\.hooks\.custom\]\s*$([\s\S]*?)(?=^\[|(?![\s\S]))/m.exec(text);
  if (hook !== null)
    out.push(`./${/^\s*path\s*=\s*["']([^"']+)["']/m.exec(hook[1] as string)?.[1] ?? 'hatch_build.py'}`);
  return out;
}

/** What building a local Python project runs: its setup.py, and the in-tree backend or build hook its pyproject.toml
 * names (pip install ., python -m build, uv sync…), in the project's folder. */
export function pythonProjectRuns(dir: string): FolderRun[] {
  const d = dir.replace(/\/+$/, '') || '.';
  return [
    { dir: d, files: 'setup.py', family: 'python' },
    { dir: d, files: 'pyproject.toml', family: 'python', modules: pyprojectBuildModules, readOnly: true },
  ];
}

/** A local path pip is given to install or build (`.`, `./pkg`, `-e .`, `/abs/pkg`, `file:./x`), not a requirement. */
const isLocalPath = (word: string): boolean =>
  // pip takes a word with a slash for a path (`contracts/`), not a URL or a VCS requirement (`git+https://…`)
  (/^(?:\.\.?(?:\/|$)|\/|~\/|file:)/.test(word) ||
    (word.includes('/') && !word.includes('://') && !/^[-@]/.test(word))) &&
  !/\.(?:txt|in)$/.test(word);

/** pip install|wheel|download PATH…, -e PATH: each local project is built. */
export function pipProjectRuns(input: EffectInput, words: readonly string[] = input.positionals): FolderRun[] {
  if (has(input, ['-h', '--help'])) return [];
  const sub = words[0];
  if (sub !== 'install' && sub !== 'wheel' && sub !== 'download') return [];
  const editable = input.flags.filter((f) => (f.name === '-e' || f.name === '--editable') && f.value !== undefined);
  const paths = [...words.slice(1), ...editable.map((f) => f.value as string)]
    .filter(isLocalPath)
    .map((p) => p.replace(/^file:/, ''));
  return paths.flatMap(pythonProjectRuns);
}

/** Sphinx runs conf.py from the source folder (or -c DIR) at every build (sphinx-doc.org, "sphinx-build"). */
function sphinxRuns(input: EffectInput): readonly FolderRun[] {
  if (has(input, ['-h', '--help', '--version'])) return [];
  const make = has(input, ['-M']) || input.argv[0] === '-M';
  const words = input.positionals;
  // `sphinx-build -M BUILDER SOURCE OUT`: -M takes the builder (recorded as a flag's value or the first word)
  const source = make && optionValue(input, ['-M']) === undefined ? words[1] : words[0];
  const conf = optionValue(input, ['-c', '--conf-dir']) ?? source;
  return conf === undefined ? [] : [{ dir: conf.replace(/\/+$/, '') || '.', files: 'conf.py', family: 'python' }];
}

export const SPHINX: ProgramDeclaration = {
  names: ['sphinx-build', 'sphinx-autobuild'],
  about: 'sphinx-build [-M BUILDER] SOURCE OUT: runs SOURCE/conf.py (or -c DIR/conf.py) at every build',
  options: {
    '*': [
      ...['-b', '--builder', '-M', '-c', '--conf-dir', '-d', '--doctree-dir', '-j', '--jobs', '-D', '--define'],
      ...['-A', '--html-define', '-t', '--tag', '-w', '--warning-file', '--port', '--host', '--watch', '--ignore'],
    ],
  },
  folderRuns: sphinxRuns,
};

/** `python -m build [DIR]`, `pyproject-build [DIR]`: builds the project in DIR (here by default). */
export const PYPROJECT_BUILD: ProgramDeclaration = {
  // (`python -m build` is recorded as the module's command, `build`: wrappers.ts)
  names: ['pyproject-build', 'build'],
  about: 'pyproject-build (python -m build) [DIR]: builds the project, running its setup.py or in-tree backend',
  options: { '*': ['-o', '--outdir', '-C', '--config-setting', '--installer'] },
  folderRuns: (input) =>
    has(input, ['-h', '--help', '--version']) ? [] : pythonProjectRuns(input.positionals[0] ?? '.'),
};

// ---- Rust, CMake ----

/** Cargo runs the package's build script before it compiles (build, run, test, check, clippy, bench, doc, install
 * of a path), whatever the target: build.rs at the root, or the file `[package] build = "…"` names. */
export function cargoBuildRuns(input: EffectInput): readonly FolderRun[] {
  const sub = input.positionals[0];
  const builds = [
    'build',
    'b',
    'run',
    'r',
    'test',
    't',
    'check',
    'c',
    'clippy',
    'bench',
    'doc',
    'd',
    'install',
    'rustc',
  ];
  if (sub === undefined || !builds.includes(sub) || has(input, ['-h', '--help'])) return [];
  const manifest = optionValue(input, ['--manifest-path']);
  const dir = sub === 'install' ? optionValue(input, ['--path']) : manifest === undefined ? '.' : split(manifest).dir;
  if (dir === undefined) return [];
  const runs: FolderRun[] = [
    { dir, files: 'build.rs', family: 'rust' },
    { dir, files: 'Cargo.toml', family: 'rust', modules: cargoBuildScript, readOnly: true },
  ];
  // run, test and bench start the binary through the configured runner (`[target.X] runner = "…"`)
  if (['run', 'r', 'test', 't', 'bench'].includes(sub))
    for (const files of ['config.toml', 'config'])
      runs.push({ dir: `${dir}/.cargo`, files, family: 'sh', modules: cargoRunners, readOnly: true });
  return runs;
}

/** The runners a .cargo/config.toml names (doc.rust-lang.org/cargo, "Configuration: target.<triple>.runner"): a path
 * with a slash is relative to the folder that holds .cargo, a bare name is a program on the PATH (not read). */
function cargoRunners(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/^\s*runner\s*=\s*(?:\[\s*)?["']([^"']+)["']/gm)) {
    const path = m[1] as string;
    if (path.includes('/')) out.push(path.startsWith('/') ? path : `../${path.replace(/^\.\//, '')}`);
  }
  return out;
}

/** The build script a Cargo.toml names (`build = "tools/build.rs"` under [package]). */
function cargoBuildScript(text: string): string[] {
  const pkg = /^\[package\]\s*$([\s\S]*?)(?=^\[|(?![\s\S]))/m.exec(text)?.[1] ?? '';
  const build = /^\s*build\s*=\s*["']([^"']+)["']/m.exec(pkg)?.[1];
  return build === undefined ? [] : [`./${build}`];
}

/** CMake's configure step (`cmake -B build`, `cmake -S src`, `cmake ..`) runs the source folder's CMakeLists.txt,
 * whose execute_process calls run there and then; `--build`, `--install` and `-E`/`-P` configure nothing. */
export function cmakeConfigureRuns(input: EffectInput): readonly FolderRun[] {
  const flags = [...(input.globals ?? []), ...input.flags];
  const all = { ...input, flags };
  if (has(all, ['--build', '--install', '-P', '-E', '-h', '--help', '--version', '--open'])) return [];
  const source = optionValue(all, ['-S']) ?? (input.positionals.length === 1 ? input.positionals[0] : '.');
  return source === undefined
    ? []
    : [{ dir: source.replace(/\/+$/, '') || '.', files: 'CMakeLists.txt', family: 'cmake' }];
}

/** Project managers that install or build the project they run in: uv (sync, run, build, pip install …), poetry,
 * pdm and hatch (install, sync, build), pipx install PATH. */
export function projectManagerRuns(input: EffectInput): readonly FolderRun[] {
  if (has(input, ['-h', '--help', '-V', '--version'])) return [];
  const [sub, ...rest] = input.positionals;
  if (sub === 'pip' && input.program === 'uv') return pipProjectRuns(input, rest);
  if (sub === 'install' && input.program === 'pipx') return pipProjectRuns(input, input.positionals);
  const project = optionValue(input, ['--project']) ?? '.';
  if (input.program === 'uv') {
    if (sub === 'build') return pythonProjectRuns(rest[0] ?? project);
    // `uv run` syncs the project first (an editable install of it), unless told not to
    if (sub === 'sync' || (sub === 'run' && !has(input, ['--no-project', '--no-sync', '--script'])))
      return pythonProjectRuns(project);
    return [];
  }
  return sub === 'install' || sub === 'sync' || sub === 'build' ? pythonProjectRuns(project) : [];
}

// ---- what starts with every run of an interpreter or a package script ----

/** Python's site module runs, at every start without -S, the virtualenv's sitecustomize.py and usercustomize.py and
 * the import lines of its .pth files (docs.python.org, "site"); the stricter reading takes any site-packages folder
 * under the one it starts in. */
export function pythonSiteRuns(input: EffectInput): readonly FolderRun[] {
  if (has(input, ['-S', '-h', '--help', '-V', '--version'])) return [];
  // (a virtualenv's folder is often hidden, .venv: a glob's ** does not enter it, so the usual names are spelled out)
  const venvs = '{**,.venv,.venv/**,venv,env,.tox/*,.nox/*}';
  return braces(`${venvs}/site-packages/{sitecustomize.py,usercustomize.py,*.pth}`).map((files) => ({
    dir: '.',
    files,
    family: 'python' as const,
  }));
}

/** The modules `node-options` in an .npmrc preloads (`node-options=--require ./tools/x.js`, `--import`, `-r`):
 * npm hands it to every node its scripts start as NODE_OPTIONS (docs.npmjs.com, "config: node-options"). */
export function npmrcPreloads(text: string): string[] {
  const out: string[] = [];
  for (const line of text.split(/\r?\n/)) {
    const value = /^\s*node-options\s*=\s*(.*)$/.exec(line)?.[1];
    if (value === undefined) continue;
    for (const m of value.matchAll(
      /(?:^|\s)(?:-r|--require|--import|--loader|--experimental-loader)[=\s]+["']?([^\s"']+)/g,
    )) {
      const path = m[1] as string;
      out.push(/^\.\.?\//.test(path) ? path : `./${path}`);
    }
  }
  return out;
}

/** The npm subcommands that run a package script or a command with its config (`npm run`, `npm test`, `npm exec`). */
const NPM_SCRIPT_RUNS = [
  'run',
  'run-script',
  'rum',
  'urn',
  'test',
  't',
  'tst',
  'start',
  'stop',
  'restart',
  'exec',
  'x',
];

/** A package manager's scripts run with the project's .npmrc `node-options` (npm run, test, start, exec). */
export function npmrcRuns(input: EffectInput): readonly FolderRun[] {
  const sub = input.positionals[0];
  if (sub === undefined || !NPM_SCRIPT_RUNS.includes(sub)) return [];
  return [{ dir: '.', files: '.npmrc', family: 'node', modules: npmrcPreloads, readOnly: true }];
}

/** Sphinx's generated Makefile: `make html` (and the other builders) runs sphinx-build, which runs conf.py (the
 * source folder is the Makefile's: `.` or `source`). Only a conf.py the call or the session wrote is read. */
const SPHINX_BUILDERS = [
  ...['html', 'dirhtml', 'singlehtml', 'latexpdf', 'latex', 'epub', 'man', 'text', 'linkcheck', 'doctest'],
  ...['json', 'pickle', 'htmlhelp', 'qthelp', 'devhelp', 'texinfo', 'gettext', 'xml', 'pseudoxml', 'changes'],
];
export function sphinxMakeRuns(input: EffectInput): readonly FolderRun[] {
  if (!input.positionals.some((t) => SPHINX_BUILDERS.includes(t))) return [];
  return ['.', 'source', 'docs', 'docs/source'].map((dir) => ({ dir, files: 'conf.py', family: 'python' as const }));
}

/** Every bundle command evaluates the Gemfile, which is Ruby (`--gemfile FILE`, BUNDLE_GEMFILE aside). */
export function gemfileRuns(input: EffectInput): readonly FolderRun[] {
  if (has(input, ['-h', '--help', '-v', '--version'])) return [];
  const given = optionValue(input, ['--gemfile']);
  return [given === undefined ? { dir: '.', files: 'Gemfile', family: 'ruby' } : fileRun(given, 'ruby')];
}

/** pnpm runs .pnpmfile.cjs (its hooks: readPackage, afterAllResolved) at every install, add, update. */
export function pnpmfileRuns(input: EffectInput): readonly FolderRun[] {
  const sub = input.positionals[0];
  if (
    sub === undefined ||
    !['install', 'i', 'add', 'update', 'up', 'upgrade', 'remove', 'rm', 'import', 'dedupe'].includes(sub)
  )
    return [];
  const given = optionValue(input, ['--pnpmfile']);
  return [given === undefined ? { dir: '.', files: '.pnpmfile.cjs', family: 'node' } : fileRun(given, 'node')];
}

/** Gradle runs init scripts before every build: `-I FILE` and the user home's init.d folder (docs.gradle.org, "Init
 * scripts"); which home is not known here: the usual ones, and `-g DIR`. Read as Groovy (a .kts by the same calls). */
export function gradleInitRuns(input: EffectInput): readonly FolderRun[] {
  if (has(input, ['-h', '--help', '-?', '-v', '--version'])) return [];
  const given = input.flags.filter((f) => (f.name === '-I' || f.name === '--init-script') && f.value !== undefined);
  const userHome = optionValue(input, ['-g', '--gradle-user-home']);
  const homes = userHome === undefined ? USUAL_HOMES.map((h) => `${h}/.gradle`) : [userHome.replace(/\/+$/, '')];
  return [
    ...given.map((f) => fileRun(f.value as string, 'groovy')),
    ...homes.flatMap((h) =>
      ['*.gradle', '*.gradle.kts'].map((files) => ({ dir: `${h}/init.d`, files, family: 'groovy' as const })),
    ),
  ];
}

/** doit runs dodo.py (`-f FILE`, `--dir`): its module code, and the python-actions its tasks name. */
export function doitRuns(input: EffectInput): readonly FolderRun[] {
  if (has(input, ['-h', '--help', '--version'])) return [];
  const sub = input.positionals[0];
  if (sub !== undefined && ['list', 'info', 'help', 'ignore', 'forget', 'clean', 'dumpdb', 'strace'].includes(sub))
    return [];
  const given = optionValue(input, ['-f', '--file']);
  const dir = optionValue(input, ['-d', '--dir']);
  if (given !== undefined) return [fileRun(dir === undefined ? given : `${dir}/${given}`, 'python')];
  return [{ dir: dir ?? '.', files: 'dodo.py', family: 'python' }];
}
