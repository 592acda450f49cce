export { buildFixPrompt, approxTokens, DEFAULT_PROMPT_BUDGET, type FixPromptOptions, type PromptResult } from './fix.js';
export { buildCommandPrompt, extractShellCommand, type CommandPromptOptions, type PreviousCommand } from './command.js';
export { fence, longestBacktickRun, languageFor } from './fence.js';
export { ANSWER_FORMAT_INSTRUCTION, ANSWER_NEW_MARK, ANSWER_OLD_MARK, ANSWER_SEPARATOR } from '../core/index.js';
export { decodeReportText, reportKind, type ReportKind } from './report-text.js';
