// monaco-yaml's language-server worker, re-exported from our own file so Vite's `?worker` bundles it locally
// (importing the package path directly with ?worker trips Monaco's "Unexpected usage" error; see monaco-yaml's FAQ).
import 'monaco-yaml/yaml.worker.js';
