// opencode 1.18's log and toast, from the SDK client the host passes in. Both return { data, error } and must
// never throw into a hook; a failure goes to stderr so it does not disappear.
import { SERVICE, stderrChannels, type Channels } from '../core/channels.js';
import { isRecord } from '../core/boundary.js';

type Call = (options: { body: Record<string, unknown> }) => unknown;

interface V1Client {
  readonly app: { readonly log: Call };
  readonly tui: { readonly showToast: Call };
}

function isV1Client(client: unknown): client is V1Client {
  return (
    isRecord(client) &&
    isRecord(client.app) &&
    typeof client.app.log === 'function' &&
    isRecord(client.tui) &&
    typeof client.tui.showToast === 'function'
  );
}

export function v1Channels(client: unknown): Channels {
  if (!isV1Client(client)) return stderrChannels;
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
