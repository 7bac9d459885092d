// Stands for "this site" in commands rendered by a build that has no SITE_URL; the page's script replaces it with its
// own origin. A module of its own so the browser bundle imports this string and nothing else.
export const SITE_ORIGIN_PLACEHOLDER = 'https://this-site.invalid';
