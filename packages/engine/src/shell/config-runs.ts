// Which configuration file a command reads and runs commands from (config-commands.ts reads them): the file named by
// its option, else the one its program looks for (build.ninja in its folder, lefthook.yml, ~/.ssh/config, PSQLRC or
// ~/.psqlrc), among the files the call or the session wrote. A file the session did not write is not read.
import {
  type ConfigRunner,
  composerScripts,
  devcontainerCommands,
  doitActions,
  mlprojectCommands,
  dvcCommands,
  goGenerateCommands,
  goGenerateGlobs,
  LEFTHOOK_FILES,
  lefthookCommands,
  ninjaCommands,
  psqlrcCommands,
  snakemakeCommands,
  sshConfigCommands,
  sshHost,
  tmuxCommands,
} from './config-commands.js';
import { gradleTaskNames, gradleTasks, mageTargets } from './build-tasks.js';
import { resolve } from './paths.js';
import { pieceLines } from './piece-lines.js';
import { invokeLines, noxLines } from './python-tasks.js';
import { hatchScripts, pdmScripts } from './pyproject-scripts.js';
import { TASK_LIMITS, type TaskLine } from './project-tasks.js';
import { type HomeFiles, inHome } from './startup-files.js';
import type { GlobMatch, SimpleCommand } from './types.js';

export type ConfigFiles = HomeFiles;

export interface ConfigRun {
  /** The first file whose commands are run (explain names it). */
  readonly file: string;
  readonly lines: readonly TaskLine[];
  readonly label: string;
  /** False when a file is known only in the pieces the session put into it. */
  readonly whole: boolean;
}

const option = (command: SimpleCommand, names: readonly string[]): string | undefined =>
  [...command.globals, ...command.flags].find((f) => names.includes(f.name))?.value;
const has = (command: SimpleCommand, names: readonly string[]): boolean =>
  [...command.globals, ...command.flags].some((f) => names.includes(f.name));

function named(files: ConfigFiles, paths: readonly string[]): GlobMatch[] {
  const out: GlobMatch[] = [];
  for (const path of paths) {
    const file = files.file(path);
    if (file !== undefined) out.push({ path, file });
  }
  return out;
}

/** The files a command's runner reads, and the lines each one runs. */
function located(
  runner: ConfigRunner,
  command: SimpleCommand,
  files: ConfigFiles,
  env: (name: string) => string | undefined,
): { found: GlobMatch[]; lines: (text: string) => TaskLine[]; label: string } | undefined {
  const here = (name: string): string => resolve(command.cwd, name);
  const [sub, ...rest] = command.positionals;
  switch (runner) {
    case 'ninja': {
      // -n prints, -t runs one of its tools (targets, graph, clean: none runs a rule).
      if (has(command, ['-n', '-t'])) return undefined;
      return {
        found: named(files, [here(option(command, ['-f']) ?? 'build.ninja')]),
        lines: (text) => ninjaCommands(text, command.positionals),
        label: command.positionals[0] ?? 'default',
      };
    }
    case 'lefthook': {
      if (sub !== 'run' || rest[0] === undefined) return undefined;
      const hook = rest[0];
      return {
        found: named(files, LEFTHOOK_FILES.map(here)),
        lines: (text) => lefthookCommands(text, hook),
        label: `run ${hook}`,
      };
    }
    case 'go-generate': {
      if (sub !== 'generate' || has(command, ['-n'])) return undefined;
      const globs = goGenerateGlobs(command.positionals).map(here);
      const run = option(command, ['-run']);
      const skip = option(command, ['-skip']);
      return {
        found: globs.flatMap((g) => (g.includes('*') ? files.matching(g) : named(files, [g]))),
        lines: (text) => goGenerateCommands(text, run, skip),
        label: 'generate',
      };
    }
    case 'tmux': {
      // `tmux source-file F…` (source) reads F now; `-f F` is read by the server it starts.
      const sourced = sub === 'source-file' || sub === 'source' ? rest.filter((p) => !p.startsWith('-')) : [];
      const config = option(command, ['-f']);
      const paths = [...sourced, ...(config === undefined ? [] : [config])].map(here);
      return paths.length === 0
        ? undefined
        : { found: named(files, paths), lines: (text) => tmuxCommands(text), label: sub ?? 'server' };
    }
    case 'ssh-config': {
      const destination = command.positionals[0];
      if (destination === undefined) return undefined;
      const host = sshHost(destination);
      const config = option(command, ['-F']);
      return {
        found:
          config === undefined
            ? inHome(files, '.ssh/config', env('HOME'))
            : config === 'none'
              ? []
              : named(files, [here(config)]),
        lines: (text) => sshConfigCommands(text, host),
        label: host,
      };
    }
    case 'dvc': {
      // `dvc repro [STAGE…]`, `dvc exp run [STAGE…]`: dvc.yaml here (a dry run runs nothing).
      const targets = sub === 'repro' ? rest : sub === 'exp' && rest[0] === 'run' ? rest.slice(1) : undefined;
      if (targets === undefined || has(command, ['--dry', '--help', '-h'])) return undefined;
      // a target may name the pipeline file itself (`dvc repro analysis/dvc.yaml`, `sub/dvc.yaml:train`)
      const file = targets.map((t) => t.replace(/:[^/]*$/, '')).find((t) => /(^|\/)dvc\.yaml$/.test(t));
      return {
        found: named(files, [here(file ?? 'dvc.yaml')]),
        lines: (text) => dvcCommands(text, file === undefined ? targets : targets.filter((t) => t.includes(':'))),
        label: 'repro',
      };
    }
    case 'snakemake': {
      if (has(command, ['-n', '--dry-run', '--dryrun', '--help', '-h', '--lint', '--list', '-l'])) return undefined;
      const given = option(command, ['-s', '--snakefile']);
      const paths = given !== undefined ? [here(given)] : [here('Snakefile'), here('workflow/Snakefile')];
      return {
        found: named(files, paths),
        lines: (text) => snakemakeCommands(text, command.positionals),
        label: command.positionals[0] ?? 'all',
      };
    }
    case 'gradle': {
      // `gradle TASK…`, `./gradlew :app:TASK`: the build file of the project folder (-p) or the one named (-b).
      const tasks = gradleTaskNames(command.positionals);
      if (tasks.length === 0 || has(command, ['-m', '--dry-run', '--help', '-h', '-?'])) return undefined;
      const dir = option(command, ['-p', '--project-dir']);
      const given = option(command, ['-b', '--build-file']);
      const at = (name: string): string => here(dir === undefined ? name : `${dir}/${name}`);
      // `:app:releaseAndroid` is a task of the app subproject: its build file is app/build.gradle(.kts).
      const projects = [
        ...new Set(
          tasks.flatMap((t) => (/^:?([\w-]+(?::[\w-]+)*):[\w-]+$/.exec(t)?.[1] ?? '').split(':').join('/') || []),
        ),
      ];
      return {
        found: named(
          files,
          given !== undefined
            ? [here(given)]
            : [
                at('build.gradle.kts'),
                at('build.gradle'),
                ...projects.flatMap((p) => [at(`${p}/build.gradle.kts`), at(`${p}/build.gradle`)]),
              ],
        ),
        lines: (text) => gradleTasks(text, tasks),
        label: tasks[0] as string,
      };
    }
    case 'mage': {
      // `mage TARGET…`: magefile.go (or any mage file the session wrote here, or in magefiles/); -l lists, -h helps.
      if (has(command, ['-l', '-h', '-help', '-version', '-init', '-clean', '-compile'])) return undefined;
      const dir = option(command, ['-d']) ?? '.';
      return {
        found: [
          ...named(files, [here(`${dir}/magefile.go`)]),
          ...files.matching(here(`${dir}/magefiles/*.go`)),
          ...files.matching(here(`${dir}/mage*.go`)).filter((m) => !m.path.endsWith('/magefile.go')),
        ],
        lines: (text) => mageTargets(text, command.positionals),
        label: command.positionals[0] ?? 'default',
      };
    }
    case 'devcontainer': {
      // `devcontainer up|run-user-commands|set-up [--workspace-folder DIR] [--config FILE]`: the lifecycle commands
      // of DIR's .devcontainer/devcontainer.json (or .devcontainer.json); build, exec, read-configuration run none.
      if (!['up', 'run-user-commands', 'set-up'].includes(sub ?? '') || has(command, ['--help', '-h']))
        return undefined;
      const dir = option(command, ['--workspace-folder']) ?? '.';
      const config = option(command, ['--config', '--override-config']);
      return {
        found:
          config !== undefined
            ? named(files, [here(config)])
            : [
                ...named(files, [here(`${dir}/.devcontainer/devcontainer.json`), here(`${dir}/.devcontainer.json`)]),
                ...files.matching(here(`${dir}/.devcontainer/*/devcontainer.json`)),
              ],
        lines: devcontainerCommands,
        label: sub as string,
      };
    }
    case 'doit': {
      if (
        has(command, ['-h', '--help', '--version']) ||
        ['list', 'info', 'help', 'clean', 'forget'].includes(sub ?? '')
      )
        return undefined;
      const dir = option(command, ['-d', '--dir']) ?? '.';
      return {
        found: named(files, [here(`${dir}/${option(command, ['-f', '--file']) ?? 'dodo.py'}`)]),
        lines: doitActions,
        label: sub ?? 'default',
      };
    }
    case 'composer': {
      // `composer install|update|run-script NAME …` (-d/--working-dir moves it); --no-scripts runs none
      if (has(command, ['--no-scripts', '-h', '--help'])) return undefined;
      const dir = option(command, ['-d', '--working-dir']) ?? '.';
      return {
        found: named(files, [here(`${dir}/composer.json`)]),
        lines: (text) => composerScripts(text, sub, rest),
        label: sub ?? 'composer',
      };
    }
    case 'mlflow': {
      // `mlflow run [URI] [-e ENTRY]`: a local project folder's MLproject (a git URI is not the session's)
      if (sub !== 'run' || has(command, ['--help', '-h'])) return undefined;
      const uri = (rest[0] ?? '.').replace(/\/+$/, '');
      if (/^[a-z+]+:\/\//.test(uri)) return undefined;
      const entry = option(command, ['-e', '--entry-point']) ?? 'main';
      return {
        found: named(files, [here(`${uri}/MLproject`), here(`${uri}/MLproject.yaml`)]),
        lines: (text) => mlprojectCommands(text, entry),
        label: `run ${entry}`,
      };
    }
    case 'nox':
    case 'invoke':
    case 'hatch':
    case 'pdm':
      return pythonTasks(runner, command, files);
    case 'psqlrc': {
      if (has(command, ['-X', '--no-psqlrc'])) return undefined;
      const given = env('PSQLRC');
      return {
        found:
          given !== undefined && given !== '' ? named(files, [here(given)]) : inHome(files, '.psqlrc', env('HOME')),
        lines: psqlrcCommands,
        label: 'psqlrc',
      };
    }
  }
}

/** The Python runners' files: noxfile.py (-f), invoke's tasks.py (-c NAME, in -r DIR; fab: fabfile.py), and the
 * pyproject.toml (or hatch.toml) whose scripts hatch and pdm run; only the task or script named (python-tasks.ts,
 * pyproject-scripts.ts). */
function pythonTasks(
  runner: 'nox' | 'invoke' | 'hatch' | 'pdm',
  command: SimpleCommand,
  files: ConfigFiles,
): { found: GlobMatch[]; lines: (text: string) => TaskLine[]; label: string } {
  const here = (name: string): string => resolve(command.cwd, name);
  switch (runner) {
    case 'nox':
      return {
        found: named(files, [here(option(command, ['-f', '--noxfile']) ?? 'noxfile.py')]),
        lines: (text) => noxLines(text, command),
        label: 'nox',
      };
    case 'invoke': {
      const root = option(command, ['-r', '--search-root']) ?? '.';
      const collection = option(command, ['-c', '--collection']);
      const file =
        collection !== undefined ? `${collection}.py` : command.program === 'fab' ? 'fabfile.py' : 'tasks.py';
      return {
        found: named(files, [here(`${root}/${file}`)]),
        lines: (text) => invokeLines(text, command),
        label: command.positionals[0] ?? 'default',
      };
    }
    case 'hatch':
      return {
        found: named(files, [here('hatch.toml'), here('pyproject.toml')]),
        lines: (text) => hatchScripts(text, command) ?? [],
        label: 'run',
      };
    case 'pdm':
      return {
        found: named(files, [here('pyproject.toml')]),
        lines: (text) => pdmScripts(text, command) ?? [],
        label: 'run',
      };
  }
}

/**
 * The commands a program runs from the configuration files the call or the session wrote, when it reads one
 * (`env` gives the command's environment: PSQLRC, HOME); undefined when it reads none or they run nothing.
 */
export function configRun(
  runner: ConfigRunner,
  command: SimpleCommand,
  files: ConfigFiles,
  env: (name: string) => string | undefined,
): ConfigRun | undefined {
  const where = located(runner, command, files, env);
  if (where === undefined) return undefined;
  let run: { file: string; lines: TaskLine[]; label: string; whole: boolean } | undefined;
  for (const { path, file } of where.found) {
    let lines = where.lines(file.text ?? file.pieces.join('\n'));
    // Lines the session put into a file it knows only in pieces, outside any task the reader finds: their task is not
    // known, so each is taken as run (piece-lines.ts).
    if (lines.length === 0 && file.text === undefined) lines = pieceLines(path, file.pieces, where.label);
    if (lines.length === 0) continue;
    run ??= { file: path, lines: [], label: where.label, whole: true };
    run.lines.push(...lines.slice(0, TASK_LIMITS.maxLines - run.lines.length));
    if (file.text === undefined) run.whole = false;
  }
  return run;
}
