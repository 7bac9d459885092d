// The explain stage: a matched contract and its event → the characters of the event's texts that made it hold.
export type { MatchSpan, MatchSpans, SpanField, SpanKind } from './types.js';
export { describeField, maskSecrets } from './types.js';
export { matchSpans, verdictSpans, type SpanRequest, type SessionBefore } from './spans.js';
