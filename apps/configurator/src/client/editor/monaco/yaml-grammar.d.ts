// Monaco ships its languages' grammars without type declarations; this is the shape language.ts reads.
declare module 'monaco-editor/languages/definitions/yaml/yaml.js' {
  import type { languages } from 'monaco-editor/editor/editor.api.js';
  export const conf: languages.LanguageConfiguration;
  export const language: languages.IMonarchLanguage;
}
