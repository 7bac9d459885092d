// The site's public address, where a build knows it: takes Astro's `site` (SITE_URL) and the base path; returns the
// absolute base URL, the canonical schema URL, or a placeholder the page's script replaces with its own origin.
// Build time only: pages render it into the HTML.
import { SCHEMA_ID } from '@semantic-anchors/engine';
import { SCHEMA_PATH } from './paths.ts';
import { SITE_ORIGIN_PLACEHOLDER } from './site-origin.ts';

const basePath = (): string =>
  import.meta.env.BASE_URL.endsWith('/') ? import.meta.env.BASE_URL : `${import.meta.env.BASE_URL}/`;

/** `https://example.org/base/` (or the placeholder origin + base path). */
export function siteBase(site: URL | undefined): string {
  return new URL(basePath(), site ?? SITE_ORIGIN_PLACEHOLDER).href;
}

/**
 * The `$schema` a downloaded file points at. Never the address the page happens to be served from (a local preview
 * would write http://127.0.0.1:4321/… into a file that is committed and shared): the deployed site's copy when the
 * build knows its address, otherwise the schema's own `$id`, the copy the npm package ships.
 */
export function canonicalSchemaUrl(site: URL | undefined): string {
  return site ? new URL(`${basePath()}${SCHEMA_PATH}`, site).href : SCHEMA_ID;
}
