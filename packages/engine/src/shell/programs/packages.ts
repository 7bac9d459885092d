// Package managers and package runners: where they run (--prefix, -C, --cwd), the command `npx`/`npm exec`/`pnpm
// dlx`/`bun x` run, and the confirmation a `yes` on stdin gives (apt-get -y, pip uninstall -y).
import type { ProgramDeclaration, RunsDeclaration } from './declaration.js';

const NPX_OPTIONS = ['-p', '--package', '-c', '--call', '-w', '--workspace'];
const NPX_RUNS: RunsDeclaration = { options: NPX_OPTIONS, commandOption: ['-c', '--call'] };

const NPM_LIKE: Omit<ProgramDeclaration, 'names' | 'about' | 'runs'> = {
  globals: {
    value: ['--prefix', '-C', '--dir', '-w', '--workspace', '--filter', '-F'],
    flag: ['-g', '--global', '-r', '--recursive', '-s', '--silent', '--ws', '--workspaces'],
  },
  cwd: ['--prefix', '-C', '--dir'],
  options: { '*': ['--registry', '--tag', '--otp', '--access'] },
};

export const NPM: ProgramDeclaration = {
  names: ['npm'],
  about: 'npm: --prefix moves it; `npm exec`/`npm x` run a command; `npm init` asks what -y answers',
  ...NPM_LIKE,
  runs: [{ ...NPX_RUNS, subcommands: ['exec', 'x'] }],
  stdin: { confirm: { flag: '-y', subcommands: ['init'] } },
};
export const PNPM: ProgramDeclaration = {
  names: ['pnpm'],
  about: 'pnpm: -C/--dir moves it; `pnpm exec`/`pnpm dlx` run a command',
  ...NPM_LIKE,
  runs: [{ ...NPX_RUNS, subcommands: ['exec', 'dlx'] }],
};
export const YARN: ProgramDeclaration = {
  names: ['yarn'],
  about: 'yarn: --cwd moves it; `yarn exec`/`yarn dlx` run a command',
  globals: { value: ['--cwd'], flag: ['-s', '--silent'] },
  cwd: ['--cwd'],
  options: {},
  runs: [{ ...NPX_RUNS, subcommands: ['exec', 'dlx'] }],
};
export const NPX: ProgramDeclaration = {
  names: ['npx', 'bunx', 'pnpx'],
  about: 'package runners: the rest is a command (its -c string is a shell command line)',
  options: {},
  runs: [NPX_RUNS],
};

export const PIP: ProgramDeclaration = {
  names: ['pip', 'pip3'],
  about: 'pip: `pip uninstall` asks what -y answers',
  options: { '*': ['-r', '--requirement', '-c', '--constraint', '-e', '--editable', '-i', '--index-url', '-t'] },
  stdin: { confirm: { flag: '-y', subcommands: ['uninstall'] } },
};

export const SYSTEM_PACKAGES: ProgramDeclaration = {
  names: ['apt-get', 'apt', 'yum', 'dnf', 'zypper', 'conda', 'mamba'],
  about: 'system and conda package managers: a `yes` on stdin answers their question as -y does',
  options: { '*': ['-o', '-c', '-t', '--target-release', '-n', '--name', '-p', '--prefix'] },
  stdin: { confirm: { flag: '-y' } },
};
