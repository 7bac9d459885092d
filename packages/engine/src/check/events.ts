// Reads a list of events from text: JSON Lines (one event per line), or YAML (a list of events, or a scenario's
// steps). Every problem is a diagnostic with its line and column; valid events are kept.
// The namespace import (not { z }) lets bundlers drop the parts of zod we do not use, its locales above all.
import type * as z from 'zod';
import { Event } from '../schema/index.js';
import type { Diagnostic } from '../diagnostics.js';
import { locate, parseYaml } from '../load/index.js';
import { issuesToDiagnostics, renderPath } from '../load/issues.js';

export interface ParsedEvents {
  readonly events: readonly Event[];
  readonly diagnostics: readonly Diagnostic[];
}

export function parseEvents(text: string, file: string): ParsedEvents {
  return /\.(ya?ml)$/i.test(file) ? fromYaml(text, file) : fromJsonLines(text, file);
}

function fromJsonLines(text: string, file: string): ParsedEvents {
  const events: Event[] = [];
  const diagnostics: Diagnostic[] = [];
  let offset = 0;
  text.split('\n').forEach((line, i) => {
    const start = offset;
    offset += line.length + 1;
    if (line.trim() === '' || line.trimStart().startsWith('//')) return;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (error) {
      const message = String((error as Error).message);
      const at = Number(/position (\d+)/.exec(message)?.[1] ?? 0);
      diagnostics.push({
        code: 'example-invalid',
        severity: 'error',
        file,
        position: { offset: start + at, line: i + 1, col: at + 1 },
        message: `line ${i + 1} is not JSON: ${message}`,
        hint: 'write one JSON object per line, e.g. {"tool":"bash","args":{"command":"ls"}}',
      });
      return;
    }
    const result = Event.safeParse(value);
    if (result.success) events.push(result.data);
    else diagnostics.push(eventProblem(result.error, file, { offset: start, line: i + 1, col: 1 }));
  });
  return { events, diagnostics };
}

function fromYaml(text: string, file: string): ParsedEvents {
  const parsed = parseYaml(text, file);
  if (parsed.data === undefined) return { events: [], diagnostics: parsed.diagnostics };
  const data = parsed.data as { steps?: unknown } | unknown[];
  const list = Array.isArray(data)
    ? data
    : Array.isArray((data as { steps?: unknown })?.steps)
      ? (data as { steps: unknown[] }).steps
      : undefined;
  if (!list) {
    return {
      events: [],
      diagnostics: [
        {
          code: 'schema',
          severity: 'error',
          file,
          position: locate(parsed, []),
          message: 'expected a list of events, or a scenario with "steps"',
          hint: 'write "- { tool: bash, args: { command: ls } }" items, or use a scenario file',
        },
      ],
    };
  }
  const events: Event[] = [];
  const diagnostics: Diagnostic[] = [];
  const isScenario = !Array.isArray(data);
  list.forEach((item, i) => {
    const base = isScenario ? ['steps', i, 'event'] : [i];
    const value = isScenario ? (item as { event?: unknown })?.event : item;
    const result = Event.safeParse(value);
    if (result.success) events.push(result.data);
    else diagnostics.push(...issuesToDiagnostics(result.error.issues, parsed, base));
  });
  return { events, diagnostics };
}

function eventProblem(
  error: z.ZodError,
  file: string,
  position: { offset: number; line: number; col: number },
): Diagnostic {
  const issue = error.issues[0];
  const where = issue && issue.path.length > 0 ? `${renderPath(issue.path as (string | number)[])}: ` : '';
  return {
    code: 'example-invalid',
    severity: 'error',
    file,
    position,
    message: `line ${position.line} is not an event: ${where}${issue?.message ?? 'invalid'}`,
    hint: 'an event has exactly one of tool (with args), message (with attachments), confirm, bypass, role, agent or reload',
  };
}
