// Takes esbuild metafiles and returns (and writes) the licence texts of every third-party package the bundles
// contain. Read from the metafile, not from package.json: what is listed is exactly what the bundler put in, so a
// dependency added tomorrow (or pulled in by another one) cannot be left out.
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

// The files a package ships its terms in. NOTICE files count too: Apache-2.0 requires passing them on.
const LEGAL_FILE = /^(licen[cs]e|copying|notice)([.-].*)?$/i;
const RULE = '='.repeat(100);

/**
 * The third-party packages whose files are inputs of the given metafiles, sorted by name.
 * @param {{ inputs: Record<string, unknown> }[]} metafiles
 * @param {string} workingDir the absWorkingDir the builds ran with (metafile paths are relative to it)
 */
export function bundledPackages(metafiles, workingDir) {
  const byDir = new Map();
  for (const metafile of metafiles) {
    for (const input of Object.keys(metafile.inputs)) {
      // Greedy: the last node_modules segment names the package a nested dependency belongs to. Workspace packages
      // resolve to their real paths (no node_modules), which is what keeps our own sources out.
      const match = /^(.*\/node_modules\/(?:@[^/]+\/)?[^/]+)\//.exec(resolve(workingDir, input));
      if (match && !byDir.has(match[1])) byDir.set(match[1], readPackage(match[1]));
    }
  }
  return [...byDir.values()].sort((a, b) => a.name.localeCompare(b.name) || a.version.localeCompare(b.version));
}

function readPackage(dir) {
  const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  const files = readdirSync(dir)
    .filter((f) => LEGAL_FILE.test(f))
    .sort();
  if (!files.some((f) => !/^notice/i.test(f))) {
    // INVARIANT: no bundled package ships without its licence text. An SPDX id alone does not carry the copyright
    // line MIT and ISC require us to reproduce.
    throw new Error(
      `${join(dir, 'package.json')}:1:1: ${pkg.name}@${pkg.version} is bundled but ships no LICENSE file\n` +
        '  hint: add its licence text to scripts/third-party-licenses.mjs by hand, or keep the package out of the bundle',
    );
  }
  const repository = typeof pkg.repository === 'string' ? pkg.repository : pkg.repository?.url;
  return {
    name: pkg.name,
    version: pkg.version,
    license: typeof pkg.license === 'string' ? pkg.license : (pkg.license?.type ?? 'see text'),
    repository: repository ?? pkg.homepage ?? '',
    texts: files.map((file) => ({ file, text: readFileSync(join(dir, file), 'utf8').trimEnd() })),
  };
}

/** The THIRD-PARTY-LICENSES.txt text for the packages, naming the bundles they are in. */
export function renderLicenses(packages, bundles) {
  const head = [
    `Third-party software bundled into ${bundles.join(' and ')}`,
    '',
    "Generated at build time from the bundler's metafile: every package below has code in the bundle, and its",
    'licence text follows exactly as the package ships it. The project itself is licensed Apache-2.0 (LICENSE, NOTICE).',
    '',
    ...packages.map((p) => `  ${p.name}@${p.version} (${p.license})`),
  ];
  const sections = packages.map((p) =>
    [
      RULE,
      `${p.name}@${p.version}`,
      `License: ${p.license}`,
      ...(p.repository ? [`Source: ${p.repository}`] : []),
      ...p.texts.flatMap(({ file, text }) => [`--- ${file}`, '', text]),
    ].join('\n'),
  );
  return `${[head.join('\n'), ...sections].join('\n\n')}\n`;
}

// Our own code derived from others' work (rule data re-expressed from a permissively licensed project): when a bundle
// contains any file under `inputs`, the notice in `notice` (repo-relative) goes into its licence file too.
const DERIVED = [{ inputs: /\/packages\/engine\/src\/secrets\//, notice: 'packages/engine/THIRD-PARTY-secrets.md' }];
const repoRoot = resolve(import.meta.dirname, '..');

/** The derived-work notices the bundles need, by the files they contain. */
export function derivedNotices(metafiles, workingDir) {
  const inputs = metafiles.flatMap((m) => Object.keys(m.inputs).map((i) => resolve(workingDir, i)));
  return DERIVED.filter((d) => inputs.some((i) => d.inputs.test(i))).map((d) => ({
    file: d.notice,
    text: readFileSync(join(repoRoot, d.notice), 'utf8').trimEnd(),
  }));
}

/** The whole licence file for bundles built from these metafiles: every package's texts, then derived-work notices. */
export function licenceFileText({ metafiles, workingDir, bundles }) {
  const packages = bundledPackages(metafiles, workingDir);
  const derived = derivedNotices(metafiles, workingDir).map(({ file, text }) =>
    [RULE, `Derived from third-party work: ${file}`, '', text].join('\n'),
  );
  const text = renderLicenses(packages, bundles);
  return { packages, text: derived.length > 0 ? `${text}\n${derived.join('\n\n')}\n` : text };
}

/** Writes outfile for the builds' metafiles; returns the packages listed. */
export function writeThirdPartyLicenses({ metafiles, workingDir, bundles, outfile }) {
  const { packages, text } = licenceFileText({ metafiles, workingDir, bundles });
  writeFileSync(outfile, text);
  return packages;
}
