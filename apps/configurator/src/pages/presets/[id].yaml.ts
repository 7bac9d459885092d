// Each bundled preset's whole YAML file, examples included, at presets/<id>.yaml: role pages show only its outline
// (without examples) to stay small, and link here for the rest.
import type { APIRoute } from 'astro';
import { presets } from '../../lib/presets.ts';

export function getStaticPaths() {
  return presets.map((p) => ({ params: { id: p.id }, props: { text: p.text } }));
}

export const GET: APIRoute = ({ props }) =>
  new Response((props as { text: string }).text, { headers: { 'Content-Type': 'text/yaml; charset=utf-8' } });
