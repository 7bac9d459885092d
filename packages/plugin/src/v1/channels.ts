// opencode 1.18's log and toast, from the SDK client the host passes in (typed by opencode's plugin package, so the
// request bodies are checked against the host's own types). Both return { data, error } and must never throw into a
// hook; a failure goes to stderr so it does not disappear.
import type { PluginInput } from '@opencode-ai/plugin';
import { SERVICE, stderrChannels, type Channels } from '../core/channels.js';
import { isRecord } from '../core/is-record.js';

type Client = PluginInput['client'];

/** Whether the host really passed a client with both calls (the type says so; a host without a server may not). */
function canLogAndToast(client: Client | undefined): client is Client {
  const c: unknown = client;
  return (
    isRecord(c) &&
    isRecord(c.app) &&
    typeof c.app.log === 'function' &&
    isRecord(c.tui) &&
    typeof c.tui.showToast === 'function'
  );
}

export function v1Channels(client: Client | undefined): Channels {
  if (!canLogAndToast(client)) return stderrChannels;
  const settle = (what: string, result: unknown) => {
    // The SDK answers { data, error }; a rejected promise or an error field is the host's log failing.
    Promise.resolve(result).then(
      (r) => {
        if (isRecord(r) && r.error !== undefined && r.error !== null)
          process.stderr.write(`[${SERVICE}] ${what} failed: ${JSON.stringify(r.error)}\n`);
      },
      (error: unknown) => process.stderr.write(`[${SERVICE}] ${what} failed: ${String(error)}\n`),
    );
  };
  return {
    log(level, message, extra) {
      try {
        // opencode prints a record's `extra` fields, not the body's service: repeat it there so every line says whose it is.
        settle(
          'log',
          client.app.log({ body: { service: SERVICE, level, message, extra: { service: SERVICE, ...extra } } }),
        );
      } catch (error) {
        process.stderr.write(`[${SERVICE}] log failed: ${String(error)}\n`);
      }
    },
    toast(message, variant) {
      try {
        settle('toast', client.tui.showToast({ body: { title: 'semantic-anchors', message, variant } }));
      } catch (error) {
        process.stderr.write(`[${SERVICE}] toast failed: ${String(error)}\n`);
      }
    },
  };
}
