// Build-time view of the site's download folder: takes public/download/downloads.json (written by
// scripts/downloads.mjs from the plugin's built bundles) and returns the files with their paths, sizes and sha256.
// Pages only: nothing here runs in the browser, which receives the few values it needs as data attributes.
import { href } from './paths.ts';

export type DownloadKind = 'plugin' | 'cli' | 'licenses';

export interface DownloadFile {
  readonly kind: DownloadKind;
  readonly name: string;
  readonly bytes: number;
  readonly sha256: string;
  /** The site-internal link, base path included: `/download/<name>`. */
  readonly path: string;
}

export interface Downloads {
  readonly version: string;
  readonly plugin: DownloadFile;
  readonly cli: DownloadFile;
  readonly licenses: DownloadFile;
}

interface Manifest {
  version: string;
  files: { kind: DownloadKind; name: string; bytes: number; sha256: string }[];
}

// A glob, not an import: a checkout that has never been built has no manifest, and the build must say why it fails
// instead of failing to resolve a module.
const found = import.meta.glob<Manifest>('../../public/download/downloads.json', { eager: true, import: 'default' });

function load(): Downloads {
  const manifest = Object.values(found)[0];
  if (!manifest) {
    throw new Error(
      'apps/configurator/public/download/downloads.json is missing\n  hint: build the site with `npm run build -w @semantic-anchors/configurator` (scripts/downloads.mjs writes it)',
    );
  }
  const file = (kind: DownloadKind): DownloadFile => {
    const f = manifest.files.find((x) => x.kind === kind);
    if (!f)
      throw new Error(
        `downloads.json: no ${kind} file\n  hint: rebuild the site; scripts/downloads.mjs lists plugin, cli and licenses`,
      );
    return { ...f, path: href(`download/${f.name}`) };
  };
  return { version: manifest.version, plugin: file('plugin'), cli: file('cli'), licenses: file('licenses') };
}

export const downloads: Downloads = load();

/** 731970 → "715 KB": what a person compares with the file they saved. */
export const humanSize = (bytes: number): string =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.round(bytes / 1024)} KB`;
