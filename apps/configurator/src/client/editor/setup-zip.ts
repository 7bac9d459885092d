// "Contract file + plugin": takes the editor's YAML and the release the page was built with; fetches the plugin from
// this site's download folder, checks its sha256 against the one the build recorded, and returns a zip laid out as a
// project (`.opencode/…`) with an INSTALL.txt. fflate's zipSync: the library the share link already bundles, so the
// only cost is its zip writer (~4 KB), and it runs synchronously on bytes we already hold.
import { strToU8, zipSync } from 'fflate';
import { CONTRACT_FILE, installText, PACKAGE, type ReleaseFiles } from '../../lib/install-steps.ts';
import { withSchemaLine } from '../download.ts';

export const SETUP_ZIP_NAME = 'opencode-semantic-anchors-setup.zip';

export interface SetupRelease extends ReleaseFiles {
  /** Site-relative paths of the served plugin file and of its licence texts. */
  readonly pluginPath: string;
  readonly licensesPath: string;
}

/** The release the editor page was built with, from the download button's data attributes. */
export function readRelease(button: HTMLElement): SetupRelease | undefined {
  const d = button.dataset;
  if (!d.version || !d.pluginName || !d.pluginSha256 || !d.pluginPath || !d.cliName || !d.cliSha256 || !d.licensesPath)
    return undefined;
  return {
    version: d.version,
    plugin: { name: d.pluginName, sha256: d.pluginSha256 },
    cli: { name: d.cliName, sha256: d.cliSha256 },
    pluginPath: d.pluginPath,
    licensesPath: d.licensesPath,
  };
}

async function fetchBytes(path: string): Promise<Uint8Array> {
  const response = await fetch(path);
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

async function sha256Hex(bytes: Uint8Array): Promise<string | undefined> {
  // crypto.subtle exists on https and on localhost only; elsewhere the check is skipped, not faked.
  if (!globalThis.crypto?.subtle) return undefined;
  const digest = await crypto.subtle.digest('SHA-256', bytes as BufferSource);
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** The site's public base URL: the deployed address when the build knew it, else the one serving this page. */
export function publicSiteBase(): string {
  const base = import.meta.env.BASE_URL.replace(/\/?$/, '/');
  return new URL(base, import.meta.env.SITE ?? window.location.origin).href;
}

export async function buildSetupZip(yaml: string, release: SetupRelease): Promise<Blob> {
  const [plugin, licenses] = await Promise.all([fetchBytes(release.pluginPath), fetchBytes(release.licensesPath)]);
  const actual = await sha256Hex(plugin);
  if (actual !== undefined && actual !== release.plugin.sha256) {
    throw new Error(
      `${release.pluginPath} has sha256 ${actual}, not the ${release.plugin.sha256} this page was built with; reload the page and try again`,
    );
  }
  const zip = zipSync(
    {
      'INSTALL.txt': strToU8(installText(publicSiteBase(), release, SETUP_ZIP_NAME)),
      '.opencode': {
        [CONTRACT_FILE]: strToU8(withSchemaLine(yaml)),
        [`${PACKAGE}-THIRD-PARTY-LICENSES.txt`]: licenses,
        plugins: { [release.plugin.name]: plugin },
      },
    },
    { level: 9 },
  );
  return new Blob([zip as BlobPart], { type: 'application/zip' });
}
