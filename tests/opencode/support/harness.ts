// The end-to-end harness: one scripted model + one headless opencode (with the plugins under test) per test file.
// Takes the plugins, the YAML files to place and the readiness command; returns the client, the model's record
// of requests, the bus events and stop(). Fresh sessions per test keep tests independent on one process.

import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  createSandboxDirs,
  findOpencode,
  launchOpencode,
  OpencodeClient,
  sandboxOpencodeConfig,
  startScriptedModel,
  type EventRecorder,
  type OpencodeProcess,
  type PluginEntry,
  type SandboxDirs,
  type ScriptedModel,
  waitUntil,
} from '@semantic-anchors/sandbox';

export const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
export const fixturesDir = fileURLToPath(new URL('../fixtures/', import.meta.url));
// SEMANTIC_ANCHORS_PLUGIN_DIST swaps the plugin under test (e.g. for fixtures/plugins/inert-anchor.js, to see the
// suite fail against a plugin that enforces nothing).
export const pluginDist = process.env.SEMANTIC_ANCHORS_PLUGIN_DIST
  ? resolve(repoRoot, process.env.SEMANTIC_ANCHORS_PLUGIN_DIST)
  : join(repoRoot, 'packages/plugin/dist/index.js');

/** The plugin under test, loaded from its built bundle by absolute file URL, with options when given. */
export function anchorsPlugin(options?: Record<string, unknown>): PluginEntry {
  const url = pathToFileURL(pluginDist).href;
  return options ? [url, options] : url;
}

export function fixturePlugin(name: string): PluginEntry {
  return pathToFileURL(join(fixturesDir, 'plugins', `${name}.js`)).href;
}

export interface HarnessOptions {
  readonly plugins: readonly PluginEntry[];
  /** Files placed in the project, `{ '.opencode/opencode-semantic-anchors.yaml': 'configs/basic.yaml' }`: value is a fixture path. */
  readonly projectFiles?: Readonly<Record<string, string>>;
  /** Files placed in the user's config dir ($XDG_CONFIG_HOME/opencode), same form. */
  readonly userFiles?: Readonly<Record<string, string>>;
  /** Raw text files placed in the project (content given inline, for files that are data of the test, not config). */
  readonly projectText?: Readonly<Record<string, string>>;
  /** Raw text files placed in the sandbox's HOME before the start (`.bashrc`, `.gitconfig`), same form. */
  readonly homeText?: Readonly<Record<string, string>>;
  readonly readyCommand?: string;
  readonly extraConfig?: Record<string, unknown>;
  readonly env?: Readonly<Record<string, string>>;
  /** Run opencode under strace (connect, sendto, sendmsg); the trace is at `Harness.straceFile`. */
  readonly strace?: boolean;
  /** Have the recording fixture plugin write hook payloads under `<sandbox>/record`. */
  readonly record?: boolean;
  /** Where the throw-away sandbox (project, HOME, XDG dirs) is made; the OS temp folder by default. */
  readonly parentDir?: string;
  /**
   * opencode's own snapshots (a shadow git repository it adds the worktree to at every step). Off unless a suite
   * exercises them: on this 2-core machine they cost about 0.5 s of CPU a step (960 ms a bash turn with them, 480
   * without, measured), half of every route suite's run, and no route but the one into the snapshot repositories
   * touches them.
   */
  readonly snapshots?: boolean;
  /**
   * The human prepares the project before opencode's first start (a suite's set-up, then "the human's next start"):
   * opencode is not started here, and the first `restart()` starts it. Until then `opencode`, `client` and `events`
   * throw. Saves a start that nothing used (about 5 s of CPU each).
   */
  readonly startLater?: boolean;
}

export interface Harness {
  readonly model: ScriptedModel;
  readonly dirs: SandboxDirs;
  readonly opencode: OpencodeProcess;
  readonly client: OpencodeClient;
  readonly events: EventRecorder;
  /** The connect() trace when `strace` was set (inside the sandbox, removed with it). */
  readonly straceFile: string | undefined;
  /** Where the recording fixture plugin writes hook payloads (when `record` was set). */
  readonly recordDir: string;
  /** Replaces a project file with a fixture (e.g. before `/anchor reload`). */
  placeProjectFile(relative: string, fixture: string): void;
  /**
   * The human's next start: stops opencode and starts it again on the same sandbox, reading the project's
   * opencode.json as it now is (not rewritten). `pluginLoaded` says whether `/anchor` came back within 20 s;
   * `opencode`, `client` and `events` then talk to the new process.
   */
  restart(): Promise<{ pluginLoaded: boolean }>;
  stop(): Promise<void>;
}

export function requireOpencodeBinary(): string {
  const found = findOpencode(repoRoot);
  if (!found) {
    throw new Error(
      'No opencode binary: run `npm install -w @semantic-anchors/tests` (opencode-ai@1.18.33 and its platform package).',
    );
  }
  return found.path;
}

export async function startHarness(options: HarnessOptions): Promise<Harness> {
  const binary = requireOpencodeBinary();
  const model = await startScriptedModel();
  const dirs = createSandboxDirs(options.parentDir);
  const place = (base: string, relative: string, fixture: string) => {
    const target = join(base, relative);
    mkdirSync(dirname(target), { recursive: true });
    copyFileSync(join(fixturesDir, fixture), target);
  };
  for (const [relative, fixture] of Object.entries(options.projectFiles ?? {})) place(dirs.project, relative, fixture);
  for (const [relative, fixture] of Object.entries(options.userFiles ?? {}))
    place(dirs.userConfigDir, relative, fixture);
  const placeText = (base: string, texts: Readonly<Record<string, string>>) => {
    for (const [relative, text] of Object.entries(texts)) {
      const target = join(base, relative);
      mkdirSync(dirname(target), { recursive: true });
      writeFileSync(target, text);
    }
  };
  placeText(dirs.project, options.projectText ?? {});
  placeText(dirs.home, options.homeText ?? {});
  const recordDir = join(dirs.root, 'record');
  const straceFile = options.strace ? join(dirs.root, 'connect.trace') : undefined;
  // `{cacheHome}` in a value is the sandbox's user cache folder (a variable the human sets to a place under it).
  const given = Object.entries(options.env ?? {}).map(([k, v]) => [k, v.replaceAll('{cacheHome}', dirs.cacheHome)]);
  const env = { ...Object.fromEntries(given), ...(options.record ? { SEMANTIC_ANCHORS_RECORD_DIR: recordDir } : {}) };
  // A server started with OPENCODE_SERVER_PASSWORD (in `env`) is driven with it.
  const password = options.env?.OPENCODE_SERVER_PASSWORD;
  // The project's opencode.json, written before the human's set-up so that a commit of it holds it either way.
  writeFileSync(
    join(dirs.project, 'opencode.json'),
    JSON.stringify(
      sandboxOpencodeConfig({
        modelBaseURL: model.baseURL,
        plugins: options.plugins,
        extra: { snapshot: options.snapshots ?? false, ...options.extraConfig },
      }),
      null,
      2,
    ),
  );
  let opencode: OpencodeProcess | undefined;
  let client: OpencodeClient | undefined;
  let recorder: EventRecorder | undefined;
  const firstStart = async () => {
    // Subscribed as soon as the server answers, before the project instance (and the plugins) load, so toasts shown
    // at plugin start are recorded too.
    let events: EventRecorder | undefined;
    try {
      opencode = await launchOpencode({
        binary,
        dirs,
        readyCommand: options.readyCommand ?? 'anchor',
        env,
        straceFile,
        onHealthy: (url) => (events = new OpencodeClient(url, undefined, password).subscribe()),
      });
    } catch (error) {
      events?.close();
      throw error;
    }
    if (events === undefined)
      throw new Error('opencode became ready without the health callback: the harness is broken');
    client = new OpencodeClient(opencode.url, undefined, password);
    recorder = events;
  };
  if (!options.startLater) {
    try {
      await firstStart();
    } catch (error) {
      await model.close();
      dirs.remove();
      throw error;
    }
  }
  const started = <T>(value: T | undefined): T => {
    if (value === undefined)
      throw new Error('opencode has not started yet: with startLater, the first restart() starts it');
    return value;
  };
  return {
    model,
    dirs,
    get opencode() {
      return started(opencode);
    },
    get client() {
      return started(client);
    },
    get events() {
      return started(recorder);
    },
    recordDir,
    straceFile,
    placeProjectFile: (relative, fixture) => place(dirs.project, relative, fixture),
    async restart() {
      if (opencode === undefined) {
        // The first start waits for the plugin's command itself (readyCommand) and throws when it does not come.
        await firstStart();
        return { pluginLoaded: true };
      }
      recorder?.close();
      await opencode.stop();
      opencode = await launchOpencode({ binary, dirs, env, straceFile });
      const next = new OpencodeClient(opencode.url, undefined, password);
      client = next;
      recorder = next.subscribe();
      const pluginLoaded = await waitUntil(
        'the plugin command after a restart',
        async () => (await next.commands()).some((c) => c.name === (options.readyCommand ?? 'anchor')) || undefined,
        { timeoutMs: 20_000, intervalMs: 250 },
      ).catch((error: unknown) => {
        console.error(`restart: the plugin did not come back: ${String(error)}`);
        return false;
      });
      return { pluginLoaded };
    },
    async stop() {
      recorder?.close();
      await opencode?.stop();
      await model.close();
      // SEMANTIC_ANCHORS_KEEP_SANDBOX=1 keeps the sandbox and opencode's log for a look after a failure.
      if (process.env.SEMANTIC_ANCHORS_KEEP_SANDBOX) {
        writeFileSync(join(dirs.root, 'opencode.log'), opencode?.log() ?? '');
        console.error(`sandbox kept: ${dirs.root}`);
      } else dirs.remove();
    },
  };
}
