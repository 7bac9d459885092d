// The JSON Schema at a stable path; downloaded YAML files point their `yaml-language-server` line here.
import type { APIRoute } from 'astro';
import { toJsonSchema } from '@semantic-anchors/engine';

export const GET: APIRoute = () =>
  new Response(`${JSON.stringify(toJsonSchema(), null, 2)}\n`, {
    headers: { 'Content-Type': 'application/schema+json' },
  });
