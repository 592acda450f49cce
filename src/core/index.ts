export type * from './types.js';
export { FaultlineError, isFaultlineError, type FaultlineErrorCode } from './errors.js';
export { toUtf16Offset, fromUtf16Offset, toZeroBased, toOneBasedLine, displayWidth, toZeroBasedLine, lastLineOfRange, rangeContainsLine, toOneBasedLineSpan, locationRange, type Utf16Range, type ZeroBasedPosition, type ZeroBasedRange } from './position.js';
export { toLocateJson, locationToJson, LOCATE_JSON_VERSION, type LocateJson, type LocationJson, type FrameJson, type RelatedJson } from './contract.js';
export { roleOf, isDeeperFrame, frameDepths } from './roles.js';
export { countOf, articleFor } from './english.js';
export { closestName, didYouMean } from './suggest.js';
export { isStandardInputName, echoedCommand, readsStandardInput, namedInputFile } from './standard-input.js';
