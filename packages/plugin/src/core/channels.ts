// The two ways the plugin talks to people: a log line (for whoever reads the host log) and a toast (for the human
// at the keyboard). Each host adapter supplies them; the core never knows which host it runs in.

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';
export type ToastVariant = 'info' | 'success' | 'warning' | 'error';

/** The service name every log line carries. */
export const SERVICE = 'semantic-anchors';

export interface Channels {
  /**
   * One log line. INVARIANT: `extra` never holds tool arguments or file contents — only ids, names and counters.
   * Must not throw; a host whose log fails reports that on stderr.
   */
  log(level: LogLevel, message: string, extra?: Readonly<Record<string, unknown>>): void;
  /** A short message for the human. Must not throw. */
  toast(message: string, variant: ToastVariant): void;
}

/** Channels for a host that offers neither: stderr, so nothing disappears. */
export const stderrChannels: Channels = {
  log(level, message, extra) {
    process.stderr.write(`[${SERVICE}] ${level}: ${message}${extra ? ` ${JSON.stringify(extra)}` : ''}\n`);
  },
  toast(message, variant) {
    process.stderr.write(`[${SERVICE}] ${variant}: ${message}\n`);
  },
};

/** A short, single-line form of an error for logs and toasts. */
export function describeError(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  return String(error);
}
