// Structured reports as input: SARIF, eslint json, rdjson(l), cargo json, go test -json, checkstyle and JUnit XML,
// detected by content and read as streams into the same RawLocation contract as the text grammars. Layer 1.5:
// it uses the grammars (text inside reports is read by them) and is used by locate; no Node APIs.
import { DEFAULT_MAX_LOCATIONS, FaultlineError, didYouMean, type RawLocation } from '../core/index.js';
import { capLocations, createScanner, registeredFormats } from '../grammars/index.js';
import { withUserFormats } from './user-formats.js';
import { EmbeddedText } from './embedded-text.js';
import { InputRouter } from './router.js';
import type { InputReader, InputReaderOptions } from './reader.js';
import { REPORT_NAMES, REPORT_SPECS } from './specs.js';

export { reportSpecs, REPORT_NAMES } from './specs.js';

export type { InputReader, InputReaderOptions } from './reader.js';

function checkInputFormat(name: string | undefined): void {
  if (name === undefined || name === 'text' || REPORT_NAMES.includes(name)) return;
  throw new FaultlineError(
    'E_UNKNOWN_FORMAT',
    `unknown input format '${name}'${didYouMean(name, ['text', ...REPORT_NAMES])} (one of: text, ${REPORT_NAMES.join(', ')})`,
  );
}

// Creates the reader of one log: the text scanner alone when no report can be in it, else the router in front;
// the user's patterns, when there are any, read every line beside them.
export function createInputReader(options: InputReaderOptions): InputReader {
  checkInputFormat(options.inputFormat);
  if (options.userFormats && options.userFormats.length > 0) {
    const { userFormats, ...builtIn } = options;
    return withUserFormats(userFormats, builtIn, builtInReader);
  }
  return builtInReader(options);
}

/** The names to recognise: those chosen (default: all), less those left out; an unknown name is a usage error. */
function chosenNames(formats?: readonly string[], without?: readonly string[]): readonly string[] | undefined {
  const chosen = formats && formats.length > 0 ? formats : undefined;
  if (!without || without.length === 0) return chosen;
  const known = [...registeredFormats().map((format) => format.name), ...REPORT_NAMES];
  for (const name of without) {
    if (!known.includes(name))
      throw new FaultlineError('E_UNKNOWN_FORMAT', `unknown format '${name}'${didYouMean(name, known)} (see 'faultline formats')`);
  }
  const kept = (chosen ?? known).filter((name) => !without.includes(name));
  if (kept.length === 0) throw new FaultlineError('E_USAGE', 'every format chosen is also left out: nothing would be read');
  return kept;
}

function builtInReader(options: InputReaderOptions): InputReader {
  const names = chosenNames(options.formats, options.excludeFormats);
  const reportNames = names ? names.filter((name) => REPORT_NAMES.includes(name)) : REPORT_NAMES;
  const textNames = names?.filter((name) => !REPORT_NAMES.includes(name));
  const maxLocations = options.maxLocations ?? DEFAULT_MAX_LOCATIONS;
  const { meter, mayBeWorkspaceFile } = options;
  const textScanner = () =>
    createScanner({
      normaliseLine: options.normaliseLine,
      maxLocations,
      ...(textNames && textNames.length > 0 ? { formats: textNames } : {}),
      ...(meter ? { meter } : {}),
      ...(mayBeWorkspaceFile ? { mayBeWorkspaceFile } : {}),
    });
  const scanner = textScanner();
  const forcedName = options.inputFormat;
  if (forcedName === 'text' || (forcedName === undefined && reportNames.length === 0)) return scanner;
  const forced = forcedName === undefined ? undefined : REPORT_SPECS.find((spec) => spec.name === forcedName);
  const enabled = forced ? (format: string) => format === forced.name : (format: string) => reportNames.includes(format);
  const structured: RawLocation[] = [];
  let overflow = 0;
  const emit = (locations: RawLocation[]): void => {
    for (const location of locations) {
      if (structured.length < maxLocations) structured.push(location);
      else overflow++;
    }
  };
  const embedded = new EmbeddedText(textScanner);
  const router = new InputRouter({
    text: scanner,
    scanPlainText: !names || (textNames?.length ?? 0) > 0,
    embedded,
    enabled,
    forced: forced ? { name: forced.name, shape: forced.shape } : undefined,
    emit,
    meter,
  });
  let bytes = 0;
  let kept = 0;
  let lastByteWasNewline = true;
  return {
    write(latin1) {
      if (latin1.length === 0) return;
      bytes += latin1.length;
      lastByteWasNewline = latin1.charCodeAt(latin1.length - 1) === 0x0a;
      router.write(latin1);
    },
    writeWindow(window) {
      if (window.length > kept) {
        bytes += window.length - kept;
        lastByteWasNewline = window.charCodeAt(window.length - 1) === 0x0a;
      }
      kept = router.writeWindow(window);
      return kept;
    },
    end() {
      router.end();
      const text = scanner.end();
      const locations = [...text.locations, ...structured, ...embedded.end()];
      // One log order for every source (a stable sort keeps each source's own order on a line).
      locations.sort((a, b) => a.logLine - b.logLine);
      const newlines = router.newlines;
      // A last line without its newline is a line too.
      const unterminated = lastByteWasNewline || bytes === 0 ? 0 : 1;
      const lines = newlines === undefined ? text.lines : newlines + unterminated;
      const capped = capLocations(locations, maxLocations);
      return { locations: capped.locations, overflow: text.overflow + overflow + capped.overflow, lines, bytes };
    },
  };
}
