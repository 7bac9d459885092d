// Network programs: curl -o and wget -O write files, ssh runs its command on another host and sends it its stdin.
import { curlEffects, wgetEffects } from '../file-effects.js';
import type { ProgramDeclaration } from './declaration.js';

export const CURL: ProgramDeclaration = {
  names: ['curl'],
  about: 'curl: -o writes the file, -T reads the upload, -d @f sends f as the body',
  options: {
    '*': [
      ...['-o', '--output', '-d', '--data', '--data-raw', '--data-binary', '-H', '--header', '-X', '--request', '-u'],
      ...['--user', '-T', '--upload-file', '-A', '--user-agent', '-e', '--referer', '-F', '--form', '-b', '--cookie'],
      ...['-c', '--cookie-jar', '-m', '--max-time', '--connect-timeout', '-w', '--write-out', '-x', '--proxy'],
      ...['--cacert', '--cert', '--key', '-K', '--config', '--retry', '-r', '--range', '-D', '--dump-header'],
      ...['--json', '--data-ascii'],
    ],
  },
  effects: { reads: ['-o', '--output', '-T', '--upload-file'], effects: curlEffects },
  // `curl -d @body.json`: the file is the request body.
  input: { as: 'body', atFiles: ['-d', '--data', '--data-binary', '--json', '--data-ascii'] },
};

export const WGET: ProgramDeclaration = {
  names: ['wget'],
  about:
    'wget: -O writes the file; else each URL is saved by its name in -P DIR (or .); -r/-m write DIR/**; -o is its log',
  options: {
    '*': [
      ...['-O', '--output-document', '-o', '--output-file', '-P', '--directory-prefix', '-U', '--user-agent'],
      ...['--header', '-t', '--tries', '-T', '--timeout', '-e', '--execute', '-i', '--input-file'],
    ],
  },
  effects: {
    reads: ['-O', '--output-document', '-o', '--output-file', '-P', '--directory-prefix'],
    effects: wgetEffects,
  },
};

export const SSH: ProgramDeclaration = {
  names: ['ssh'],
  about:
    'ssh: the words after the host are joined and run by the remote shell (its stdin is the script without any); ' +
    'with a command, what it reads on stdin from this machine is sent there (tar czf - src | ssh host "cat > x")',
  options: {
    '*': [
      '-p',
      '-i',
      '-o',
      '-l',
      '-F',
      '-J',
      '-L',
      '-R',
      '-D',
      '-b',
      '-c',
      '-E',
      '-e',
      '-m',
      '-O',
      '-Q',
      '-S',
      '-W',
      '-w',
      '-B',
      '-I',
    ],
  },
  stdin: { sends: true },
  // -o ProxyCommand=CMD (and LocalCommand, KnownHostsCommand) is a command line ssh runs here, before the host's.
  commandSettings: {
    keys: ['proxycommand', 'localcommand', 'knownhostscommand'],
    bangKeys: [],
    env: [],
    option: '-o',
    setter: '',
  },
  runs: [
    {
      options: [
        ...['-p', '-i', '-o', '-l', '-F', '-J', '-L', '-R', '-D', '-b', '-c', '-E', '-e', '-m', '-O', '-Q', '-S'],
        ...['-W', '-w', '-B', '-I'],
      ],
      skip: 1,
      joined: true,
      remote: true,
      stdinScript: true,
      clearsEnvironment: true,
      notWhen: ['-V', '-G', '-O', '-Q'],
    },
  ],
  // The ssh_config it reads (-F, else ~/.ssh/config): ProxyCommand, LocalCommand, KnownHostsCommand and Match exec
  // of the host's blocks run here (config-commands.ts)
  tasks: 'ssh-config',
};
