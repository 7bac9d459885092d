// The install commands, computed from the release: takes the site's address and the downloaded files' names and
// sha256; returns the steps for each way of working, and the INSTALL.txt of the editor's zip. Pure (no I/O, no DOM),
// so the Install page renders it at build time and the editor's zip writes the same steps in the browser.
// INVARIANT: no command here overwrites a file the user already has (curl writes new versioned names, `mv -n` and
// `unzip -n` never clobber, opencode.json is only ever edited by hand).

export interface ReleaseFiles {
  readonly version: string;
  readonly plugin: { readonly name: string; readonly sha256: string };
  readonly cli: { readonly name: string; readonly sha256: string };
}

export interface Step {
  /** What the block does, shown above it and used as the copy button's accessible name. */
  readonly label: string;
  readonly code: string;
}

export type WayId = 'project' | 'user' | 'npm' | 'check';

/** A way's words (title, when to choose it) live in site-content/install/<id>.md; its commands are here. */
export interface Way {
  readonly id: WayId;
  readonly steps: readonly Step[];
}

export const CONTRACT_FILE = 'opencode-semantic-anchors.yaml';
export const PACKAGE = 'opencode-semantic-anchors';

/** `https://site/base/` + `download/<name>`. */
export const downloadUrl = (siteBase: string, name: string): string => new URL(`download/${name}`, siteBase).href;

const checksum = (sha256: string, path: string) => `echo "${sha256}  ${path}" | sha256sum -c -`;

/** The four ways, in the order a reader meets them on the Install page. */
export function installWays(siteBase: string, files: ReleaseFiles): Way[] {
  const plugin = downloadUrl(siteBase, files.plugin.name);
  const cli = downloadUrl(siteBase, files.cli.name);
  const projectFile = `.opencode/plugins/${files.plugin.name}`;
  // $HOME, not ~: the checksum line quotes the path, and a shell expands no ~ inside quotes.
  const userFile = `$HOME/.config/opencode/plugins/${files.plugin.name}`;
  return [
    {
      id: 'project',
      steps: [
        {
          label: 'In your project folder: download the plugin into .opencode/plugins/',
          code: `mkdir -p .opencode/plugins\ncurl -fL -o ${projectFile} ${plugin}`,
        },
        { label: 'Check that the file is the one this page lists', code: checksum(files.plugin.sha256, projectFile) },
        {
          label: 'Put your contract file beside it (never replaces one that is there)',
          code: `mv -n ~/Downloads/${CONTRACT_FILE} .opencode/${CONTRACT_FILE}`,
        },
      ],
    },
    {
      id: 'user',
      steps: [
        {
          label: 'Download the plugin into your opencode config folder',
          code: `mkdir -p $HOME/.config/opencode/plugins\ncurl -fL -o ${userFile} ${plugin}`,
        },
        { label: 'Check that the file is the one this page lists', code: checksum(files.plugin.sha256, userFile) },
        {
          label: 'Your own rules for every project (a project file, when there is one, is used instead)',
          code: `mv -n ~/Downloads/${CONTRACT_FILE} ~/.config/opencode/${CONTRACT_FILE}`,
        },
      ],
    },
    {
      id: 'npm',
      steps: [
        { label: 'The entry to add to the "plugin" list of your opencode.json', code: `"${PACKAGE}@${files.version}"` },
        {
          label: 'A project without an opencode.json: create it with exactly this',
          code: `{\n  "$schema": "https://opencode.ai/config.json",\n  "plugin": ["${PACKAGE}@${files.version}"]\n}`,
        },
      ],
    },
    {
      id: 'check',
      steps: [
        {
          label: 'Download the command-line tool (one file, runs on Node 20.19 or newer)',
          code: `curl -fL -O ${cli}\n${checksum(files.cli.sha256, files.cli.name)}`,
        },
        {
          label: 'Ask it whether enforcement really works in your project',
          code: `node ${files.cli.name} doctor --project path/to/your-project`,
        },
      ],
    },
  ];
}

/** The INSTALL.txt inside the editor's "contract file + plugin" zip. */
export function installText(siteBase: string, files: ReleaseFiles, zipName: string): string {
  const cli = downloadUrl(siteBase, files.cli.name);
  return [
    `opencode-semantic-anchors ${files.version}: your contract file and the plugin, ready to drop into a project`,
    '',
    'What is inside',
    `  .opencode/${CONTRACT_FILE}                the contracts you composed in the editor`,
    `  .opencode/plugins/${files.plugin.name}   the plugin (one self-contained file)`,
    `      sha256 ${files.plugin.sha256}`,
    `  .opencode/${PACKAGE}-THIRD-PARTY-LICENSES.txt   licences of the code bundled in the plugin`,
    '',
    '1. Unpack into your project folder (-n: files you already have are kept, never replaced):',
    `     unzip -n ${zipName} -d path/to/your-project`,
    '   opencode loads every file in .opencode/plugins/ by itself: no "plugin" entry in opencode.json is needed.',
    '   If your project already loads opencode-semantic-anchors from npm, keep one of the two, not both.',
    '',
    '2. Restart opencode in the project. A call a BLOCK contract forbids now fails with "BLOCKED by semantic-anchors".',
    '',
    '3. Check it (Node 20.19 or newer):',
    `     curl -fL -O ${cli}`,
    `     ${checksum(files.cli.sha256, files.cli.name)}`,
    `     node ${files.cli.name} doctor --project path/to/your-project`,
    '',
    `Every way to install, step by step: ${new URL('install/', siteBase).href}`,
    '',
  ].join('\n');
}
