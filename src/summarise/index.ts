export { stripAnsi, hasAnsi, escapeEnd } from './ansi.js';
export { normaliseLine, normaliseText, collapseCarriageReturns, applyBackspaces } from './normalise.js';
export { safePrefix, safeSuffix, safeUtf8PrefixLength } from './cut.js';
export { boundText, type BoundOptions, type BoundResult } from './bound.js';
export { summariseError, formatRunHeader, formatCommand, type SummariseOptions, type ErrorSummary } from './summary.js';
export { renderCodeFrame, frameRows, type FrameRow, type CodeFrameOptions } from './code-frame.js';
