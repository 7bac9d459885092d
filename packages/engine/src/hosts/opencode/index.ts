// The opencode host, pure: its payloads (hook inputs and exported sessions) → engine events. The plugin's opencode
// adapter, `semantic-anchors replay` and the site's simulator all use this one mapping.
export { fileUrlPath, attachmentPath } from './file-url.js';
export {
  TextPart,
  FilePart,
  isTextPart,
  isFilePart,
  READ_MARKER,
  messageText,
  partPath,
  attachedPaths,
  readMarkerPath,
} from './parts.js';
export { toolCallEvent, userMessageEvent, type ToolCallMapping, type UserMessage } from './events.js';
export { newAgentTrack, agentSighting, humanChoseRole, type AgentTrack } from './agents.js';
export { ANSWER_PREFIX, isAnswer, answerMeaning, withheldInNote, type AnswerMeaning } from './answers.js';
export { recordedUserMessage, type RecordedUserMessage } from './recorded.js';
export { ExportReader, ExportError, MAX_DEPTH, MAX_STRING_BYTES, type ExportSink } from './export-reader.js';
export { LineCounter, type StreamPosition } from './line-counter.js';
export { replayExports, blobSource, type ExportSource, type ReplayOptions, type SessionStart } from './replay.js';
export { ReplayTally, type Tally, type ContractCount } from './replay-tally.js';
export type { ReplayCall, ReplayMatch, ReplaySession, RecordedOutcome } from './replay-types.js';
export { decisionLogCall } from './decision-log.js';
