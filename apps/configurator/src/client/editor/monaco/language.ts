// YAML in Monaco: Monaco's own Monarch grammar and language configuration (comments, brackets, folding by
// indentation, indent after `key:`), registered at once rather than through its lazy loader (one request less, and
// the first paint is already coloured), and a theme whose every colour has at least 4.5:1 contrast on white (WCAG AA;
// the axe check on the page holds us to it).
import { conf, language } from 'monaco-editor/languages/definitions/yaml/yaml.js';
import { monaco } from './api.ts';

export const LANGUAGE_ID = 'yaml';
export const THEME = 'semantic-anchors';

let registered = false;

export function registerYaml(): void {
  if (registered) return;
  registered = true;
  monaco.languages.register({ id: LANGUAGE_ID, extensions: ['.yaml', '.yml'], aliases: ['YAML'] });
  monaco.languages.setMonarchTokensProvider(LANGUAGE_ID, language);
  monaco.languages.setLanguageConfiguration(LANGUAGE_ID, conf);
  monaco.editor.defineTheme(THEME, {
    base: 'vs',
    inherit: true,
    // Each rule also for the `.yaml` token: Monaco's own theme colours `string.yaml` (values) more specifically.
    rules: [
      { token: 'type', foreground: '1d4ed8' }, // keys, in the site's accent blue (6.7:1)
      { token: 'string', foreground: 'a11212' }, // scalars (8.0:1)
      { token: 'operators', foreground: '4a4f57' }, // `- `, `:` (8.6:1)
      { token: 'delimiter', foreground: '4a4f57' },
      { token: 'comment', foreground: '4d5562', fontStyle: 'italic' }, // (7.4:1)
      { token: 'number', foreground: '0f6b50' }, // (6.5:1)
      { token: 'keyword', foreground: '7a1f8c' }, // true / false / null (8.4:1)
      { token: 'namespace', foreground: '0f6b50' }, // anchors and aliases
      { token: 'tag', foreground: '5b3f99' },
    ].flatMap((rule) => [rule, { ...rule, token: `${rule.token}.yaml` }]),
    colors: {
      'editorLineNumber.foreground': '#4a4a4a',
      'editorLineNumber.activeForeground': '#1a1a1a',
      'editorGutter.background': '#f6f7f9',
    },
  });
}
