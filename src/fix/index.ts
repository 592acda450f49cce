// The fix toolkit (issue 23): the fixes tools printed, and a model's answer, checked and applied one safe way.
export { collectFixes, type CollectOptions, type CollectedFixes } from './collect.js';
export { applyFixes, combineChanges, restoreFiles, type ApplyOptions, type ApplyResult, type FileChange } from './apply.js';
export { parseAnswer, answerBlocks, type AnswerOptions, type AnswerBlock } from './answer.js';
export { fixesToSarif, fixesToRdjsonl } from './outputs.js';
export type { FileSnapshot } from './text.js';
export {
  fixesFromJson,
  fixesToJson,
  FIX_JSON_VERSION,
  type FixesJson,
  type FixesJsonEdit,
  type FixesJsonFile,
  type FixesJsonFix,
} from './report.js';
export type { Fix, FixEdit, FixRejection, FixRejectionReason, FixSafety, RawFix, RawFixEdit, RawFixPoint } from '../core/index.js';
