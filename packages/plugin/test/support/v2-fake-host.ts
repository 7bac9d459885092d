// A small opencode 2 host built from the documented V2 plugin API (opencode 2 is not installable here): it keeps
// the hooks, tools and commands a plugin registers and runs them the way the docs describe — one mutable event
// per hook, a throw from execute.before rejects the call, events arrive as an async stream.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import plugin from '../../src/index.js';
import type {
  Registration,
  V2CommandDefinition,
  V2Context,
  V2Event,
  V2Prompt,
  V2ToolAfter,
  V2ToolBefore,
  V2ToolDefinition,
} from '../../src/v2/host-types.js';

const fixtures = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures');
type Callback = (event: never) => void | Promise<void>;

export class FakeV2Host {
  readonly hooks = new Map<string, Callback[]>();
  readonly tools: V2ToolDefinition[] = [];
  readonly commands: V2CommandDefinition[] = [];
  readonly synthetic: { sessionID: string; text: string }[] = [];
  private readonly queue: V2Event[] = [];
  private wake: (() => void) | undefined;
  disposed = 0;

  constructor(
    readonly project: string,
    options: Record<string, unknown> = {},
  ) {
    const ctx = JSON.parse(
      readFileSync(join(fixtures, 'v2', 'setup.context.json'), 'utf8').replaceAll('/SANDBOX/project', project),
    ).context;
    this.context = { ...ctx, options, ...this.domains() } as V2Context;
  }

  readonly context: V2Context;

  /** Runs the execute.before hooks on a documented payload; returns the rejection message, or undefined. */
  async before(event: V2ToolBefore): Promise<string | undefined> {
    try {
      for (const cb of this.hooks.get('tool:execute.before') ?? []) await (cb as (e: V2ToolBefore) => unknown)(event);
      return undefined;
    } catch (error) {
      return (error as Error).message;
    }
  }

  async after(event: V2ToolAfter): Promise<V2ToolAfter> {
    for (const cb of this.hooks.get('tool:execute.after') ?? []) await (cb as (e: V2ToolAfter) => unknown)(event);
    return event;
  }

  async prompt(event: V2Prompt): Promise<V2Prompt> {
    for (const cb of this.hooks.get('session:prompt') ?? []) await (cb as (e: V2Prompt) => unknown)(event);
    return event;
  }

  async command(name: string, sessionID: string, text: string): Promise<void> {
    const cmd = this.commands.find((c) => c.name === name);
    if (!cmd) throw new Error(`no command ${name}`);
    await cmd.execute({ sessionID, prompt: { text }, delivery: 'queue' });
  }

  /** Publishes an event and lets the plugin's subscription run. */
  async emit(event: V2Event): Promise<void> {
    this.queue.push(event);
    this.wake?.();
    await new Promise((r) => setTimeout(r, 5));
  }

  /** A documented payload from test/fixtures/v2, with its sandbox path replaced by the project folder. */
  payload<T>(name: string, edit: (json: string) => string = (j) => j): T {
    return JSON.parse(
      edit(readFileSync(join(fixtures, 'v2', `${name}.json`), 'utf8').replaceAll('/SANDBOX/project', this.project)),
    ).event as T;
  }

  private register(key: string, cb: Callback): Promise<Registration> {
    const list = this.hooks.get(key) ?? [];
    list.push(cb);
    this.hooks.set(key, list);
    return Promise.resolve({ dispose: async () => void (this.disposed++, list.splice(list.indexOf(cb), 1)) });
  }

  private domains(): Pick<V2Context, 'tool' | 'session' | 'command' | 'event'> {
    return {
      tool: {
        hook: ((name: string, cb: Callback) => this.register(`tool:${name}`, cb)) as V2Context['tool']['hook'],
        transform: (cb) => (cb({ add: (t) => void this.tools.push(t) }), this.register('tool:transform', () => {})),
      },
      session: {
        hook: (name, cb) => this.register(`session:${name}`, cb as Callback),
        synthetic: async (input) => void this.synthetic.push(input),
      },
      command: {
        transform: (cb) => (
          cb({ add: (c) => void this.commands.push(c) }), this.register('command:transform', () => {})
        ),
      },
      event: { subscribe: (options) => this.stream(options?.signal) },
    };
  }

  private async *stream(signal: AbortSignal | undefined): AsyncIterable<V2Event> {
    while (!signal?.aborted) {
      const next = this.queue.shift();
      if (next) {
        yield next;
        continue;
      }
      await new Promise<void>((resolve) => {
        this.wake = resolve;
        signal?.addEventListener('abort', () => resolve(), { once: true });
      });
    }
  }
}

export async function startV2(
  options: Record<string, unknown> = {},
): Promise<{ host: FakeV2Host; cleanup: () => Promise<void> }> {
  process.env.XDG_CONFIG_HOME = mkdtempSync(join(tmpdir(), 'sa-plugin-xdg-'));
  const project = mkdtempSync(join(tmpdir(), 'sa-plugin-v2-'));
  const host = new FakeV2Host(project, options);
  const cleanup = await plugin.setup(host.context);
  return { host, cleanup };
}
