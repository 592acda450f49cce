// A template engine compiles a template to a function and throws an error whose message IS the template's place (ejs
// `ReferenceError: /app/views/index.ejs:14`, pug and jade `Error: /app/src/App.vue:2:1`), then an excerpt of the
// template and the message; ejs names every template of an include chain so, outermost first, each over its excerpt.
// Those places are where the error is: the V8 frames below them are the engine and the render call (v8.ts reads the
// places as the trace's innermost frames). A paste cut before the frames, or an engine that printed none, keeps the
// chain alone: it is then read here, innermost (last printed) first, as one trace of its own.
import type { LineContext } from '../../engine/format.js';

export const PLACE_HEADER = /^\s*(?:[A-Z][\w$]*)?Error(?: \[[\w-]+\])?: (\S(?:.*\S)?\.[A-Za-z][\w+-]{0,11}):(\d+)(?::(\d+))?\s*$/;
export const PLACE_LINE = /^\s*(\S(?:.*\S)?\.[A-Za-z][\w+-]{0,11}):(\d+)(?::(\d+))?\s*$/;
// The excerpt's rows: ejs's `    4| …` and ` >> 6| …`, pug's `  > 2| …` and the caret under its column (`-----^`).
const EXCERPT = /^\s*(?:>>?\s*)?\d+\||^-*\^\s*$/;
const FRAME = /^\s*at\s+\S/;
// The most lines a chain spans (its excerpts, the places, the message): ejs shows seven rows per template.
const REACH = 80;
// How far past the message frames may start and still be the chain's trace.
const FRAME_GAP = 3;

interface Place {
  file: string;
  line: number;
  column: number | null;
}

interface Chain {
  places: Place[];
  message: string;
}

const placeOf = (match: RegExpExecArray): Place => ({
  file: match[1]!,
  line: Number(match[2]),
  column: match[3] === undefined ? null : Number(match[3]),
});

/** The chain a header at `delta` starts, when no frame follows it (frames make it v8.ts's); undefined otherwise. */
function framelessChain(context: LineContext, delta: number): Chain | undefined {
  const header = PLACE_HEADER.exec(context.line(delta) ?? '');
  if (header === null || !EXCERPT.test(context.line(delta + 1) ?? '')) return undefined;
  const places = [placeOf(header)];
  for (let at = delta + 1; at <= delta + REACH; at++) {
    const text = context.line(at);
    if (text === undefined) return { places, message: '' };
    if (FRAME.test(text)) return undefined;
    if (EXCERPT.test(text) || text.trim() === '') continue;
    const place = PLACE_LINE.exec(text);
    if (place !== null && EXCERPT.test(context.line(at + 1) ?? '')) {
      places.push(placeOf(place));
      continue;
    }
    for (let gap = 1; gap <= FRAME_GAP; gap++) if (FRAME.test(context.line(at + gap) ?? '')) return undefined;
    return { places, message: text.trim() };
  }
  return undefined;
}

/**
 * At a template's place line: emits a frameless chain from its header (innermost first, one trace) and claims the
 * header's line and every place line of the chain below it. False for any other line.
 */
export function parseTemplateChain(context: LineContext): boolean {
  const text = context.text;
  if (PLACE_HEADER.test(text)) {
    const chain = framelessChain(context, 0);
    if (chain === undefined) return false;
    const trace = context.newTraceId();
    chain.places.reverse().forEach((place, index) => {
      context.emit({ ...place, severity: null, message: chain.message, frame: { trace, index, causeRank: 0 } });
    });
    return true;
  }
  if (!PLACE_LINE.test(text) || !EXCERPT.test(context.line(1) ?? '')) return false;
  // A place below its header: the header's line emitted the chain.
  for (let delta = -1; delta >= -REACH; delta--) {
    const line = context.line(delta);
    if (line === undefined) return false;
    if (PLACE_HEADER.test(line)) return framelessChain(context, delta) !== undefined;
    if (!EXCERPT.test(line) && line.trim() !== '' && !PLACE_LINE.test(line)) return false;
  }
  return false;
}
