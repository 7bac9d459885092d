// The schema stage: zod schemas for the configuration language, the single source of truth for the JSON Schema,
// the editor's completion and hover text, and the language reference.
export * from './primitives.js';
export * from './command.js';
export * from './tools.js';
export * from './trigger.js';
export * from './host.js';
export * from './event.js';
export * from './contract.js';
export * from './sandbox.js';
export * from './config.js';
export * from './scenario.js';
export { toJsonSchema, SCHEMA_ID } from './json-schema.js';
export { languageReference } from './reference.js';
