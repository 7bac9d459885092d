// Directives: the script a test (or doctor) writes into a user message, read by the scripted model.
// Takes message text; returns the ordered steps the model will play, one per model turn step.
//
//   CALL <tool> <json-args>   the model calls that tool with those arguments (JSON runs to the end of the line)
//   SAY <text>                the model ends the turn with that text instead of the default "DONE"
//   {{result:<regex>}}        inside a CALL's string arguments: the regex's first group in the previous tool result
//
// Lines without a directive are ignored, so directives can sit inside ordinary prose.

export type ScriptStep =
  | { readonly kind: 'call'; readonly tool: string; readonly args: Record<string, unknown> }
  | { readonly kind: 'say'; readonly text: string };

export interface DirectiveError {
  readonly line: number;
  readonly message: string;
}

export interface ParsedScript {
  readonly steps: readonly ScriptStep[];
  readonly errors: readonly DirectiveError[];
}

const CALL = /^\s*CALL\s+([A-Za-z0-9_.:-]+)\s*(.*)$/;
const SAY = /^\s*SAY\s+(.*)$/;

export function parseDirectives(text: string): ParsedScript {
  const steps: ScriptStep[] = [];
  const errors: DirectiveError[] = [];
  text.split(/\r?\n/).forEach((raw, index) => {
    const call = CALL.exec(raw);
    if (call) {
      const tool = call[1] ?? '';
      const json = (call[2] ?? '').trim() || '{}';
      try {
        const args: unknown = JSON.parse(json);
        if (args === null || typeof args !== 'object' || Array.isArray(args)) {
          errors.push({ line: index + 1, message: `CALL ${tool}: arguments must be a JSON object, got ${json}` });
          return;
        }
        steps.push({ kind: 'call', tool, args: args as Record<string, unknown> });
      } catch (error) {
        errors.push({ line: index + 1, message: `CALL ${tool}: invalid JSON arguments (${String(error)})` });
      }
      return;
    }
    const say = SAY.exec(raw);
    if (say) steps.push({ kind: 'say', text: (say[1] ?? '').trim() });
  });
  return { steps, errors };
}

/** Builds the text of one directive line, so callers never hand-assemble JSON inside strings. */
export function callDirective(tool: string, args: Record<string, unknown> = {}): string {
  return `CALL ${tool} ${JSON.stringify(args)}`;
}
