// PowerShell's file and web cmdlets, each read as the POSIX command that does the same (RunsDeclaration.translates):
// `Remove-Item ./* -Recurse -Force` is `rm -r -f -- ./*`, `Set-Content -Path F -Value V` is `printf '%s\n' V > F`,
// `Invoke-WebRequest -Uri U -Method Put -InFile F` is `curl -X PUT -T F U`, so every rule written on rm, cp, mv,
// mkdir, ln, curl and redirects applies unchanged. A `pwsh -Command` string is read as bash (shells.ts): its words,
// quotes and variables are what that reading made of them, and each goes into the line as written (an unknown value
// stays unknown). Parameters are bound as PowerShell binds them (powershell-params.ts); what cannot be bound, or a
// -WhatIf, is not translated.
import {
  bindParameters,
  compileParameters,
  listItems,
  type Bound,
  type CmdletParameters,
} from '../powershell-params.js';
import { shellQuote } from '../words.js';
import type { ProgramDeclaration, WrittenWord } from './declaration.js';

/** A cmdlet declared as the shell line its bound parameters translate to. */
function cmdlet(
  names: readonly string[],
  about: string,
  parameters: CmdletParameters,
  line: (bound: Bound) => string | undefined,
): ProgramDeclaration {
  const compiled = compileParameters(parameters);
  return {
    names,
    about,
    caseInsensitive: true,
    // Recorded as itself too: its value parameters, as documented, keep their values off its positionals.
    options: { '*': parameters.values.map((name) => `-${name}`) },
    singleDashOptions: true,
    runs: [
      {
        options: [],
        translates: (args) => {
          const bound = bindParameters(compiled, args);
          // -WhatIf only says what it would do.
          return bound === undefined || bound.has('whatif') ? undefined : line(bound);
        },
      },
    ],
  };
}

/** The word a parameter was given, when it takes a value. */
const word = (bound: Bound, name: string): WrittenWord | undefined => {
  const w = bound.get(name);
  return w === true ? undefined : w;
};

const GLOB = /[*?[]/;

/** A -Path item: PowerShell expands its wildcards even when quoted (`'./*'`), so they are left unquoted for bash. */
function wildcardPath(item: string): string {
  const inner = (/^'([^']*)'$/.exec(item) ?? /^"([^"$`\\]*)"$/.exec(item))?.[1];
  if (inner === undefined || !GLOB.test(inner)) return item;
  return inner
    .split(/([*?]|\[[^\]]*\])/)
    .map((part, i) => (i % 2 === 1 || part === '' ? part : shellQuote(part)))
    .join('');
}

/** A -LiteralPath (or -Destination) item: its wildcards are characters of the name, so an unquoted one is quoted. */
const literalPath = (item: string): string => (GLOB.test(item) && !/['"$`\\]/.test(item) ? `'${item}'` : item);

/** The items -Path and -LiteralPath name, ready for the line. */
function paths(bound: Bound, path = 'path'): string[] {
  const wild = word(bound, path);
  const literal = word(bound, 'literalpath');
  return [
    ...(wild === undefined ? [] : listItems(wild).map(wildcardPath)),
    ...(literal === undefined ? [] : listItems(literal).map(literalPath)),
  ];
}

/** What -Filter or -Include narrow a path to (`./logs` with `*.log` → `./logs/*.log`; `./*` → `./*.log`). */
function narrowed(bound: Bound, items: readonly string[]): string[] {
  const filter = word(bound, 'filter') ?? word(bound, 'include');
  if (filter === undefined) return [...items];
  const names = listItems(filter).map(wildcardPath);
  return items.flatMap((item) =>
    names.map((name) => (item === '*' || item.endsWith('/*') ? `${item.slice(0, -1)}${name}` : `${item}/${name}`)),
  );
}

/** The line that prints a value word's items, one a line (`-NoNewline`: joined), or reads the pipe when none is given. */
function printed(value: WrittenWord | undefined, newline: boolean): string {
  if (value === undefined) return 'cat';
  return `printf ${newline ? "'%s\\n'" : "'%s'"} ${listItems(value).join(' ')}`;
}

const COMMON_PATHS = { PSPath: 'LiteralPath', LP: 'LiteralPath' } as const;
const FILTERS = ['Filter', 'Include', 'Exclude', 'Credential'];

const REMOVE_ITEM = cmdlet(
  ['Remove-Item', 'ri', 'del', 'erase'],
  'Remove-Item: deletes its paths (-Recurse: folders with their contents) — rm -r -f',
  {
    values: ['Path', 'LiteralPath', ...FILTERS, 'Stream'],
    switches: ['Recurse', 'Force'],
    aliases: COMMON_PATHS,
    positions: ['Path'],
    shouldProcess: true,
  },
  (b) => {
    const targets = narrowed(b, paths(b));
    if (targets.length === 0) return undefined;
    const flags = [...(b.has('recurse') ? ['-r'] : []), ...(b.has('force') ? ['-f'] : [])];
    return ['rm', ...flags, '--', ...targets].join(' ');
  },
);

/** Set-Content writes its value to each path, Add-Content appends it (from the pipe without -Value). */
const content = (names: readonly string[], redirect: '>' | '>>', about: string): ProgramDeclaration =>
  cmdlet(
    names,
    about,
    {
      values: ['Path', 'LiteralPath', 'Value', ...FILTERS, 'Encoding', 'Stream'],
      switches: ['PassThru', 'Force', 'NoNewline', 'AsByteStream'],
      aliases: COMMON_PATHS,
      positions: ['Path', 'Value'],
      shouldProcess: true,
    },
    (b) => {
      const source = printed(word(b, 'value'), !b.has('nonewline'));
      const targets = paths(b);
      return targets.length === 0 ? undefined : targets.map((t) => `${source} ${redirect} ${t}`).join('\n');
    },
  );

const SET_CONTENT = content(
  ['Set-Content'],
  '>',
  "Set-Content: writes -Value (a line each) to its paths — printf '%s\\n' V > F",
);
const ADD_CONTENT = content(['Add-Content'], '>>', "Add-Content: appends -Value to its paths — printf '%s\\n' V >> F");

const OUT_FILE = cmdlet(
  ['Out-File'],
  'Out-File: writes what it is piped (or -InputObject) to -FilePath, -Append adds — cat > F',
  {
    values: ['FilePath', 'LiteralPath', 'Encoding', 'Width', 'InputObject'],
    switches: ['Append', 'Force', 'NoClobber', 'NoNewline'],
    aliases: { ...COMMON_PATHS, Path: 'FilePath', NoOverwrite: 'NoClobber' },
    positions: ['FilePath', 'Encoding'],
    shouldProcess: true,
  },
  (b) => {
    const file = word(b, 'filepath') ?? word(b, 'literalpath');
    if (file === undefined) return undefined;
    return `${printed(word(b, 'inputobject'), !b.has('nonewline'))} ${b.has('append') ? '>>' : '>'} ${literalPath(file.text)}`;
  },
);

const NEW_ITEM = cmdlet(
  ['New-Item', 'ni'],
  'New-Item: makes a file (with -Value), a folder (mkdir -p) or a link (ln -s) at -Path, or -Name inside it',
  {
    values: ['Path', 'Name', 'ItemType', 'Value', 'Credential'],
    switches: ['Force'],
    aliases: { Type: 'ItemType', Target: 'Value' },
    positions: ['Path'],
    shouldProcess: true,
  },
  (b) => {
    const name = word(b, 'name');
    const at = word(b, 'path');
    const places = at === undefined ? [] : listItems(at).map(literalPath);
    const targets =
      name === undefined ? places : places.length === 0 ? [name.text] : places.map((p) => `${p}/${name.text}`);
    if (targets.length === 0) return undefined;
    const type = word(b, 'itemtype');
    const kind = type === undefined ? 'file' : type.dynamic ? undefined : type.value.toLowerCase();
    const value = word(b, 'value');
    switch (kind) {
      case 'file':
        // Its value is written as it is, without a line break; without one the file is made empty.
        return targets.map((t) => `${value === undefined ? ':' : `printf '%s' ${value.text}`} > ${t}`).join('\n');
      case 'directory':
        return ['mkdir', '-p', '--', ...targets].join(' ');
      case 'symboliclink':
      case 'junction':
      case 'hardlink':
        if (value === undefined) return undefined;
        return targets.map((t) => `ln ${kind === 'hardlink' ? '' : '-s '}-- ${value.text} ${t}`).join('\n');
      default:
        return undefined;
    }
  },
);

/** Copy-Item and Move-Item: their paths to -Destination (the current folder without one). */
const transfer = (
  names: readonly string[],
  program: 'cp' | 'mv',
  about: string,
  extra: Pick<CmdletParameters, 'values' | 'switches'>,
): ProgramDeclaration =>
  cmdlet(
    names,
    about,
    {
      values: ['Path', 'LiteralPath', 'Destination', ...FILTERS, ...extra.values],
      switches: ['Force', 'PassThru', ...extra.switches],
      aliases: COMMON_PATHS,
      positions: ['Path', 'Destination'],
      shouldProcess: true,
    },
    (b) => {
      // To or from a remote session it copies on another machine: not this one's cp.
      if (b.has('tosession') || b.has('fromsession')) return undefined;
      const sources = paths(b);
      if (sources.length === 0) return undefined;
      const to = word(b, 'destination');
      const flags = [...(b.has('recurse') ? ['-r'] : []), ...(b.has('force') ? ['-f'] : [])];
      return [program, ...flags, '--', ...sources, to === undefined ? '.' : literalPath(to.text)].join(' ');
    },
  );

const COPY_ITEM = transfer(['Copy-Item', 'cpi'], 'cp', 'Copy-Item: copies its paths to -Destination — cp -r -f', {
  values: ['ToSession', 'FromSession'],
  switches: ['Recurse', 'Container'],
});
const MOVE_ITEM = transfer(['Move-Item', 'mi'], 'mv', 'Move-Item: moves its paths to -Destination — mv -f', {
  values: [],
  switches: [],
});

// Invoke-WebRequest's parameters (PowerShell 7.4): the ones a translation reads, then the ones it only steps over.
const WEB_VALUES = ['Uri', 'Method', 'CustomMethod', 'InFile', 'OutFile', 'Body', 'Headers', 'ContentType'];
const WEB_OTHER_VALUES = [
  ...['UserAgent', 'Credential', 'Certificate', 'CertificateThumbprint', 'TimeoutSec', 'ConnectionTimeoutSeconds'],
  ...['OperationTimeoutSeconds', 'MaximumRedirection', 'MaximumRetryCount', 'RetryIntervalSec', 'Proxy'],
  ...['ProxyCredential', 'SessionVariable', 'WebSession', 'TransferEncoding', 'Form', 'Authentication', 'Token'],
  ...['SslProtocol', 'HttpVersion', 'UnixSocket'],
];
const WEB_SWITCHES = [
  ...['UseBasicParsing', 'UseDefaultCredentials', 'DisableKeepAlive', 'ProxyUseDefaultCredentials'],
  ...['AllowUnencryptedAuthentication', 'SkipCertificateCheck', 'SkipHeaderValidation', 'SkipHttpErrorCheck'],
  ...['NoProxy', 'PreserveAuthorizationOnRedirect', 'PassThru', 'Resume', 'AllowInsecureRedirect'],
  ...['PreserveHttpMethodOnRedirect'],
];

/** The curl line of a web request: -X METHOD, -T INFILE (the upload), -o OUTFILE (the download), --data-raw BODY. */
function curlLine(b: Bound): string | undefined {
  const uri = word(b, 'uri');
  if (uri === undefined) return undefined;
  const out = ['curl'];
  const method = word(b, 'custommethod') ?? word(b, 'method');
  if (method !== undefined)
    out.push('-X', !method.dynamic && /^\w+$/.test(method.value) ? method.value.toUpperCase() : method.text);
  const infile = word(b, 'infile');
  if (infile !== undefined) out.push('-T', literalPath(infile.text));
  const outfile = word(b, 'outfile');
  if (outfile !== undefined) out.push('-o', literalPath(outfile.text));
  // --data-raw: a body that starts with @ is text, not a file to read as curl's -d would.
  const body = word(b, 'body');
  if (body !== undefined) out.push('--data-raw', body.text);
  out.push(uri.text);
  return out.join(' ');
}

const INVOKE_WEB_REQUEST = cmdlet(
  ['Invoke-WebRequest', 'iwr'],
  'Invoke-WebRequest: an HTTP request — curl -X METHOD -T INFILE -o OUTFILE --data-raw BODY URI',
  {
    values: [...WEB_VALUES, ...WEB_OTHER_VALUES],
    switches: WEB_SWITCHES,
    aliases: { CM: 'CustomMethod', SV: 'SessionVariable' },
    positions: ['Uri'],
  },
  curlLine,
);

const INVOKE_REST_METHOD = cmdlet(
  ['Invoke-RestMethod', 'irm'],
  'Invoke-RestMethod: an HTTP request read as data — curl -X METHOD -T INFILE -o OUTFILE --data-raw BODY URI',
  {
    values: [
      ...WEB_VALUES,
      ...WEB_OTHER_VALUES,
      'ResponseHeadersVariable',
      'StatusCodeVariable',
      'MaximumFollowRelLink',
    ],
    switches: [...WEB_SWITCHES, 'FollowRelLink'],
    aliases: {
      CM: 'CustomMethod',
      SV: 'SessionVariable',
      RHV: 'ResponseHeadersVariable',
      FL: 'FollowRelLink',
      ML: 'MaximumFollowRelLink',
    },
    positions: ['Uri'],
  },
  curlLine,
);

export const POWERSHELL_CMDLETS: readonly ProgramDeclaration[] = [
  REMOVE_ITEM,
  SET_CONTENT,
  ADD_CONTENT,
  OUT_FILE,
  NEW_ITEM,
  COPY_ITEM,
  MOVE_ITEM,
  INVOKE_WEB_REQUEST,
  INVOKE_REST_METHOD,
];
