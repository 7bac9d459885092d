// Where the opt-in decision log lives: the project's .opencode folder (rotated files beside it).
import { join } from 'node:path';

export const DECISION_LOG_NAME = 'semantic-anchors-decisions.jsonl';
/** The log and its rotated copies (…decisions.jsonl, …decisions.1.jsonl, …). */
export const DECISION_LOG_GLOB = 'semantic-anchors-decisions*.jsonl';

export const decisionLogPath = (directory: string): string => join(directory, '.opencode', DECISION_LOG_NAME);
