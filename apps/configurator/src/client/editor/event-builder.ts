// The event builder form → an engine Event, parsed with the engine's schema at this boundary (the args box is free
// JSON typed by the user). Returns a reason instead of throwing when the input is not usable.
import { Event } from '@semantic-anchors/engine';

export type Built = { readonly event: Event } | { readonly error: string };

export const ARG_TEMPLATES: Readonly<Record<string, string>> = {
  bash: '{ "command": "git push --force origin main" }',
  read: '{ "filePath": ".env" }',
  write: '{ "filePath": "src/app.ts", "content": "export const x = 1\\n" }',
  edit: '{ "filePath": "src/app.ts", "oldString": "a", "newString": "b" }',
  patch: '{ "patchText": "*** Begin Patch\\n*** Update File: src/app.ts\\n*** End Patch" }',
  glob: '{ "pattern": "**/*.ts" }',
  grep: '{ "pattern": "TODO", "path": "src" }',
  webfetch: '{ "url": "https://example.com" }',
  task: '{ "description": "explore", "prompt": "find the tests" }',
};

export function buildEvent(form: HTMLFormElement): Built {
  const value = (name: string) =>
    ((form.elements.namedItem(name) as HTMLInputElement | HTMLTextAreaElement | null)?.value ?? '').trim();
  const kind = value('kind');
  let candidate: unknown;
  switch (kind) {
    case 'tool': {
      let args: unknown = {};
      const raw = value('args');
      if (raw) {
        try {
          args = JSON.parse(raw);
        } catch (error) {
          return {
            error: `Arguments are not JSON: ${error instanceof Error ? error.message : String(error)}. Write an object like {"command": "ls"}.`,
          };
        }
      }
      candidate = { tool: value('tool'), args };
      break;
    }
    case 'message': {
      const attachments = value('attachments')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      candidate = { message: value('text'), ...(attachments.length ? { attachments } : {}) };
      break;
    }
    case 'confirm':
      candidate = { confirm: value('words') || true };
      break;
    case 'bypass':
      // What the human types after `/anchor bypass`, read by the engine exactly as the plugin reads it.
      candidate = { bypass: value('reason') || 'approved by a human', typed: true };
      break;
    case 'role':
      candidate = { role: value('role') };
      break;
    case 'agent':
      candidate = { agent: value('agent') };
      break;
    default:
      return { error: `Unknown event kind "${kind}".` };
  }
  const parsed = Event.safeParse(candidate);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return {
      error: `That event is not valid: ${issue?.message ?? 'unknown problem'}${issue?.path.length ? ` at ${issue.path.join('.')}` : ''}.`,
    };
  }
  return { event: parsed.data };
}
