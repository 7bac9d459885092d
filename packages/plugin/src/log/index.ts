// `semantic-anchors log`: summarises the project's decision log (and its rotated files, oldest first).
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { CliCommand, CliIO } from '@semantic-anchors/engine/node';
import { DEFAULT_KEEP, rotated } from '../core/decision-log.js';
import { decisionLogPath } from '../core/decision-log-path.js';
import { renderSummary, summarise } from './summary.js';

const USAGE = `semantic-anchors log [--project <dir>] [--file <path>] [--json]

Summarises the decision log the plugin writes when it is switched on (plugin option "decisionLog": true,
SEMANTIC_ANCHORS_DECISION_LOG=1, or settings.decisionLog: true): BLOCK and WARN verdicts by contract and tool,
who let calls through (a rule's WARN or the human's bypass, with the human's reasons), configuration problems,
and, for contracts in observe mode (settings.observe), the calls each would have blocked and in how many
sessions — what a team reads before it turns a rule on.
Reads <project>/.opencode/semantic-anchors-decisions.jsonl and its rotated files.
Exits 0 with a summary, 1 when there is no log, 2 on bad arguments.

  --project <dir>  the project (default: the current directory)
  --file <path>    a log file to read instead (its rotated files are read too)
  --json           print the summary as JSON`;

export const logCommand: CliCommand = {
  summary: 'summarise the decision log: verdicts by contract and tool, who let things through (rule or human)',
  usage: USAGE,
  async run(args: string[], io: CliIO): Promise<number> {
    let values: { project?: string | undefined; file?: string | undefined; json?: boolean | undefined };
    try {
      ({ values } = parseArgs({
        args,
        options: { project: { type: 'string' }, file: { type: 'string' }, json: { type: 'boolean' } },
        allowPositionals: false,
      }));
    } catch (error) {
      io.err(`semantic-anchors log: ${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`);
      return 2;
    }
    const file = values.file ? resolve(values.file) : decisionLogPath(resolve(values.project ?? '.'));
    const files = [...Array.from({ length: DEFAULT_KEEP }, (_, i) => rotated(file, DEFAULT_KEEP - i)), file].filter(
      (f) => existsSync(f),
    );
    if (files.length === 0) {
      io.err(
        `semantic-anchors log: no decision log at ${file}\nhint: switch it on with the plugin option "decisionLog": true (or SEMANTIC_ANCHORS_DECISION_LOG=1, or settings.decisionLog: true), then work in opencode`,
      );
      return 1;
    }
    const summary = summarise(files.flatMap((f) => readFileSync(f, 'utf8').split('\n')));
    io.out(values.json ? JSON.stringify({ files, ...summary }, null, 2) : renderSummary(summary, files));
    return 0;
  },
};
