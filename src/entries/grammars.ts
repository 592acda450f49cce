// `faultline/grammars`: the format catalog and the streaming scanner (synchronous; loads Chevrotain).
export * from '../grammars/index.js';
// The structured report readers sit in front of the scanner (SARIF, eslint json, JUnit…): same entry, same cost.
export { createInputReader, reportSpecs, REPORT_NAMES, type InputReaderOptions, type InputReader } from '../reports/index.js';
