// The user's patterns beside the built-in reader: both see every slice; a line a user pattern consumed is the
// user's, so what a built-in format found on it is dropped (the user's pattern is the more specific claim, as
// `--efm` patterns come first in vim's list too). When the patterns consume every line (a trailing `%-G%.%#`,
// as errorformat's lists end) the built-in reader is not run at all.
import {
  capLocations,
  checkUserFormats,
  UserFormatScanner,
  userFormatsTakeEveryLine,
  type ScanResult,
  type UserFormat,
} from '../grammars/index.js';
import { DEFAULT_MAX_LOCATIONS } from '../core/index.js';
import type { InputReader, InputReaderOptions } from './reader.js';

export function withUserFormats(
  formats: readonly UserFormat[],
  options: InputReaderOptions,
  builtIn: (options: InputReaderOptions) => InputReader,
): InputReader {
  checkUserFormats(formats);
  const maxLocations = options.maxLocations ?? DEFAULT_MAX_LOCATIONS;
  const user = new UserFormatScanner({ formats, normaliseLine: options.normaliseLine, maxLocations });
  const inner = userFormatsTakeEveryLine(formats) ? undefined : builtIn(options);
  let kept = 0;
  let bytes = 0;
  const count = (fresh: string): void => {
    bytes += fresh.length;
  };
  return {
    write(latin1) {
      count(latin1);
      user.write(latin1);
      inner?.write(latin1);
    },
    writeWindow(window) {
      const fresh = window.slice(kept);
      count(fresh);
      user.write(fresh);
      kept = inner ? inner.writeWindow(window) : 0;
      return kept;
    },
    end(): ScanResult {
      user.end();
      const builtInResult = inner?.end();
      const locations = [...user.locations, ...(builtInResult?.locations ?? []).filter((location) => !user.consumedLine(location.logLine))];
      // One log order (stable: on a shared line the user's location comes first).
      locations.sort((a, b) => a.logLine - b.logLine);
      const lines = builtInResult?.lines ?? user.lines;
      const gaveUp = user.gaveUp;
      const capped = capLocations(locations, maxLocations);
      return {
        locations: capped.locations,
        overflow: user.overflow + (builtInResult?.overflow ?? 0) + capped.overflow,
        lines,
        bytes,
        ...(gaveUp.length > 0 ? { gaveUp } : {}),
      };
    },
  };
}
