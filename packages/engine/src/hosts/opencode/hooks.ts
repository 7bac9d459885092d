// @semantic-anchors/engine/opencode/hooks — the opencode host's hook payloads → engine events: what the plugin's
// adapter needs. The package's ./opencode adds reading and replaying exported sessions (the CLI's and the site's).
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
export { ANSWER_PREFIX, isAnswer, answerMeaning, withheldInNote, answerText, type AnswerMeaning } from './answers.js';
export { parseAnchorCommand, type AnchorCommand } from './anchor-command.js';
export { recordedUserMessage, type RecordedUserMessage } from './recorded.js';
