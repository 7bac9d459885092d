// Network programs: curl -o and wget -O write files, ssh runs its command on another host and sends it its stdin,
// ssh-keygen writes the key pair it makes.
import { curlEffects, downloadIntoFolder, wgetEffects } from '../file-effects.js';
import type { AddEffect, EffectInput, ProgramDeclaration } from './declaration.js';

export const CURL: ProgramDeclaration = {
  names: ['curl'],
  about:
    'curl: -o writes the file, -O each URL by its name (in --output-dir), -T reads the upload, -d @f sends f as the body',
  options: {
    '*': [
      ...['-o', '--output', '-d', '--data', '--data-raw', '--data-binary', '-H', '--header', '-X', '--request', '-u'],
      ...['--user', '-T', '--upload-file', '-A', '--user-agent', '-e', '--referer', '-F', '--form', '-b', '--cookie'],
      ...['-c', '--cookie-jar', '-m', '--max-time', '--connect-timeout', '-w', '--write-out', '-x', '--proxy'],
      ...['--cacert', '--cert', '--key', '-K', '--config', '--retry', '-r', '--range', '-D', '--dump-header'],
      ...['--json', '--data-ascii', '--output-dir'],
    ],
  },
  effects: { reads: ['-o', '--output', '-T', '--upload-file', '--output-dir'], effects: curlEffects },
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

/** ssh-keygen's options that take a value. */
const KEYGEN_OPTIONS = [
  ...['-a', '-b', '-C', '-D', '-E', '-F', '-f', '-I', '-J', '-j', '-K', '-m', '-M', '-N', '-n', '-O', '-P', '-R'],
  ...['-r', '-s', '-t', '-V', '-w', '-Y', '-Z', '-z'],
];
/** Modes that print, look up or sign without writing a key file. */
const KEYGEN_READS = ['-l', '-y', '-R', '-F', '-e', '-i', '-B', '-L', '-Q', '-Y', '-D', '-k', '-H', '-r', '-G', '-T'];

export const SSH_KEYGEN: ProgramDeclaration = {
  names: ['ssh-keygen'],
  about:
    'ssh-keygen: a new key pair is written to -f FILE (FILE and FILE.pub; without -f, ~/.ssh/id_TYPE); -p and -c ' +
    'rewrite the key; -l, -y, -R, -F, -e, -i and the signing modes only print or look up',
  options: { '*': KEYGEN_OPTIONS },
  effects: {
    reads: [],
    effects: (input, add) => {
      if (input.flags.some((f) => KEYGEN_READS.includes(f.name))) return;
      const file = [...input.flags].reverse().find((f) => f.name === '-f')?.value;
      const type = [...input.flags].reverse().find((f) => f.name === '-t')?.value ?? 'ed25519';
      const key = file ?? `~/.ssh/id_${/^[\w-]+$/.test(type) ? type.replace(/-.*/, '') : 'ed25519'}`;
      add('write', key, 'ssh-keygen');
      // -p (a new passphrase) and -c (a new comment) rewrite an existing key; generating writes its public half too.
      if (!input.flags.some((f) => f.name === '-p' || f.name === '-c')) add('write', `${key}.pub`, 'ssh-keygen');
    },
  },
};

export const KAGGLE: ProgramDeclaration = {
  names: ['kaggle'],
  about: 'kaggle datasets|competitions|kernels download: the files are saved into -p DIR, else the current folder',
  options: { '*': ['-p', '--path', '-d', '--dataset', '-c', '--competition', '-f', '--file', '-k', '--kernel', '-v'] },
  effects: { reads: ['-p', '--path'], effects: kaggleEffects },
};

/** The kaggle subcommands that save files: `datasets download`, `competitions download`, `kernels output` (and the
 * short command words d, c, k). */
const KAGGLE_SAVES = /^(datasets|d|competitions|c) download$|^(kernels|k) output$/;
const kaggleDownload = downloadIntoFolder(['-p', '--path'], 'kaggle download');
function kaggleEffects(input: EffectInput, add: AddEffect): void {
  if (KAGGLE_SAVES.test(input.positionals.slice(0, 2).join(' '))) kaggleDownload(input, add);
}

export const ZENODO_GET: ProgramDeclaration = {
  names: ['zenodo_get'],
  about: 'zenodo_get RECORD|DOI: the record’s files are saved into -o DIR, else the current folder',
  options: { '*': ['-o', '--output-dir', '-r', '--record', '-d', '--doi', '-g', '--glob', '-t', '--time-out'] },
  effects: { reads: ['-o', '--output-dir'], effects: downloadIntoFolder(['-o', '--output-dir'], 'zenodo_get') },
};

/**
 * Mail transfer agents read the message on stdin: with -t (msmtp: -t/--read-recipients) its To:, Cc: and Bcc: lines
 * are the recipients. What it reads of the files the call or the session wrote (a header written earlier, then `cat
 * header.txt data.csv | sendmail -t`) is its input, so a rule on an outside address sees the one in the header
 * (round 40).
 */
export const SENDMAIL: ProgramDeclaration = {
  names: ['sendmail', 'msmtp', 'ssmtp'],
  about: 'sendmail, msmtp, ssmtp: the message is read on stdin (with -t its headers name the recipients)',
  options: { '*': ['-f', '-F', '-a', '--account', '-C', '--file'] },
  stdin: { commands: true },
  input: { as: 'mail' },
};
