// The opencode host, pure: its payloads (hook inputs and exported sessions) → engine events. The plugin's opencode
// adapter, `semantic-anchors replay` and the site's simulator all use this one mapping.
export * from './hooks.js';
export { ExportReader, ExportError, MAX_DEPTH, MAX_STRING_BYTES, type ExportSink } from './export-reader.js';
export { LineCounter, type StreamPosition } from './line-counter.js';
export { replayExports, blobSource, type ExportSource, type ReplayOptions, type SessionStart } from './replay.js';
export { ReplayTally, type Tally, type ContractCount } from './replay-tally.js';
export type { ReplayCall, ReplayMatch, ReplaySession, RecordedOutcome } from './replay-types.js';
export { decisionLogCall } from './decision-log.js';
