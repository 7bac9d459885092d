// Site-internal URLs. Every link goes through here so the site also works under a base path (GitHub Pages).
const base = import.meta.env.BASE_URL.endsWith('/') ? import.meta.env.BASE_URL : `${import.meta.env.BASE_URL}/`;

/** An internal link: `href('roles/qa-engineer/')` → `/roles/qa-engineer/` (or under the base path). */
export const href = (path = ''): string => `${base}${path.replace(/^\//, '')}`;

export const rolePage = (id: string): string => href(`roles/${id}/`);
export const anchorPage = (id: string): string => href(`anchors/#${id}`);
export const editorPage = (): string => href('editor/');
export const SCHEMA_PATH = 'schema/v1.json';
