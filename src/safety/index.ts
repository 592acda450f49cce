// Public API of safety: decide, before a command runs, whether it is blocked, read-only, allowed by a user
// pattern, or needs approval.
export { classifyCommand, MAX_COMMAND_CHARS, MAX_REENTRY_DEPTH } from './classify.js';
export { DEFAULT_BLOCKED, DEFAULT_PROTECTED_PATHS } from './lists.js';
export { READ_ONLY_COMMANDS } from './read-only.js';
export type { ClassifyOptions, CommandClassification, SegmentVerdict, Verdict } from './types.js';
