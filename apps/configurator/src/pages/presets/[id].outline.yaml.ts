// Each bundled preset's YAML without its examples, at presets/<id>.outline.yaml: what a role page shows when the reader
// opens "The preset's YAML" (fetched then, so the page itself stays within its 20 KB budget as presets grow).
import type { APIRoute } from 'astro';
import { presets } from '../../lib/presets.ts';

export function getStaticPaths() {
  return presets.map((p) => ({ params: { id: p.id }, props: { text: p.outline } }));
}

export const GET: APIRoute = ({ props }) =>
  new Response((props as { text: string }).text, { headers: { 'Content-Type': 'text/yaml; charset=utf-8' } });
