// Types for third-party-licenses.mjs, so the TypeScript build scripts can import it.
import type { Metafile } from 'esbuild';

export interface BundledPackage {
  name: string;
  version: string;
  license: string;
  repository: string;
  texts: { file: string; text: string }[];
}
export function bundledPackages(metafiles: readonly Metafile[], workingDir: string): BundledPackage[];
export function renderLicenses(packages: readonly BundledPackage[], bundles: readonly string[]): string;
export function writeThirdPartyLicenses(options: {
  metafiles: readonly Metafile[];
  workingDir: string;
  bundles: readonly string[];
  outfile: string;
}): BundledPackage[];
