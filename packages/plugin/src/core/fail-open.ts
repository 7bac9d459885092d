// Fail open, never silently: an error inside the plugin is logged at error level with where it happened, and the
// human sees it once per session as a toast. The caller decides what "open" means for its hook.
import { describeError, type Channels } from './channels.js';

export class FailOpen {
  private readonly toasted = new Set<string>();

  constructor(private readonly channels: Channels) {}

  report(where: string, sessionID: string | undefined, error: unknown, outcome: string): void {
    const text = describeError(error);
    this.channels.log('error', `internal error in ${where}: ${text}; ${outcome}`, { where, sessionID, outcome });
    const key = sessionID ?? '<no session>';
    if (this.toasted.has(key)) return;
    this.toasted.add(key);
    this.channels.toast(
      `semantic-anchors had an internal error (${text}); ${outcome}. See the opencode log; further errors in this session are only logged.`,
      'error',
    );
  }
}
