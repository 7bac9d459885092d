// @semantic-anchors/engine — the one rule engine: schema → load/validate → compile → evaluate.
// Runtime-neutral: no I/O and no Node built-ins, so the same code runs in opencode's Bun, in Node and in the browser.
export * from './enforce.js';
export { parseShell, SHELL_LIMITS } from './shell/index.js';
export { applicability, describeApplicability, type Applicability, type AppliesTo } from './check/applies.js';
export {
  runExamples,
  type ExampleReport,
  type ExampleResult,
  type CoverageGap,
  type ExampleOptions,
} from './check/examples.js';
export { runScenario, isScenarioText, type ScenarioReport, type ScenarioStepResult } from './check/scenario.js';
export { parseEvents, type ParsedEvents } from './check/events.js';
export {
  matchSpans,
  verdictSpans,
  describeField,
  maskSecrets,
  type SpanRequest,
  type SessionBefore,
} from './explain/index.js';
export type { MatchSpan, MatchSpans, SpanField, SpanKind } from './explain/index.js';
export { validate, validateLoaded, type ValidateOptions, type ValidateResult } from './check/validate.js';
