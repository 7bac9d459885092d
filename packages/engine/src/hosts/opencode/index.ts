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
