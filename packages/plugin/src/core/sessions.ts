// Engine state per opencode session, in memory only. A child (subagent) session points at its parent's entry, so
// it plays the same role and spends the same bypass budget: spawning a subagent never multiplies the budget.
import { startState, type SessionState, type Verdict } from '@semantic-anchors/engine/enforce';
import type { CompiledPolicy } from '@semantic-anchors/engine/enforce';

export interface SessionEntry {
  /** The session that owns this entry (the root of a subagent tree). */
  readonly id: string;
  state: SessionState;
  /** The last agent seen answering the root session; an agent event is sent only when it changes. */
  agent: string | undefined;
  /** The last tool or message verdict, for `/anchor explain`. */
  last: { readonly verdict: Verdict; readonly subject: string } | undefined;
  /** The text the plugin put into the transcript as a command answer; its chat.message echo is not a human message. */
  answerEcho: string | undefined;
  /** The human chose the role with /anchor role: it holds until the session's agent really changes. */
  humanRole: boolean;
}

export class SessionRegistry {
  private readonly entries = new Map<string, SessionEntry>();
  private readonly parents = new Map<string, string>();

  /** The entry a session uses: its root's. Created with the default role on first use. */
  entry(sessionID: string, policy: CompiledPolicy): SessionEntry {
    const root = this.root(sessionID);
    let entry = this.entries.get(root);
    if (!entry) {
      entry = {
        id: root,
        state: startState(policy),
        agent: undefined,
        last: undefined,
        answerEcho: undefined,
        humanRole: false,
      };
      this.entries.set(root, entry);
    }
    return entry;
  }

  /** Makes `child` share `parent`'s state from now on. An entry the child made before it was known as a child is dropped. */
  link(child: string, parent: string): void {
    if (child === parent || this.root(parent) === child) return; // INVARIANT: the parent chain has no cycles.
    this.parents.set(child, parent);
    this.entries.delete(child);
  }

  isChild(sessionID: string): boolean {
    return this.parents.has(sessionID);
  }

  /** Every root entry, for a reload. */
  all(): IterableIterator<SessionEntry> {
    return this.entries.values();
  }

  /** Every session id seen: roots and the subagent sessions linked to them. */
  ids(): string[] {
    return [...new Set([...this.entries.keys(), ...this.parents.keys(), ...this.parents.values()])];
  }

  forget(sessionID: string): void {
    this.entries.delete(sessionID);
    this.parents.delete(sessionID);
  }

  private root(sessionID: string): string {
    let id = sessionID;
    for (let depth = 0; depth < 64; depth++) {
      const parent = this.parents.get(id);
      if (parent === undefined) return id;
      id = parent;
    }
    return id;
  }
}
