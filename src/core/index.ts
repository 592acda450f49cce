export type * from './types.js';
export type * from './fix.js';
export { FaultlineError, isFaultlineError, type FaultlineErrorCode } from './errors.js';
export {
  toUtf16Offset,
  fromUtf16Offset,
  toZeroBased,
  toOneBasedLine,
  displayWidth,
  toZeroBasedLine,
  lastLineOfRange,
  rangeContainsLine,
  toOneBasedLineSpan,
  locationRange,
  type Utf16Range,
  type ZeroBasedPosition,
  type ZeroBasedRange,
} from './position.js';
export {
  toLocateJson,
  locationToJson,
  unresolvedToJson,
  droppedToJson,
  LOCATE_JSON_VERSION,
  type LocateJson,
  type LocationJson,
  type FrameJson,
  type RelatedJson,
} from './contract.js';
export { roleOf, isDeeperFrame, frameDepths } from './roles.js';
export { countOf, articleFor } from './english.js';
export { DEFAULT_MAX_LOCATIONS } from './limits.js';
export { ANSWER_FORMAT_INSTRUCTION, ANSWER_NEW_MARK, ANSWER_OLD_MARK, ANSWER_SEPARATOR } from './answer-format.js';
export { closestName, didYouMean } from './suggest.js';
export {
  isStandardInputName,
  echoedCommand,
  readsStandardInput,
  namedInputFile,
  operandNamedIn,
  EXTENSIONLESS_SOURCE_NAMES,
} from './standard-input.js';
