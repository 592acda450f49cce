// Names only on the command line (issue 20): a location printed in standard input (`<stdin>`, `[stdin]`, `-`,
// `/dev/stdin`, or a prose location with no file) is in the one file its command names, the command echoed in the
// log above it or the one `faultline run` recorded. Several or no named files leave the location as printed.
import { isStandardInputName, namedInputFile, operandNamedIn, type RawLocation } from '../core/index.js';

/** Points the standard-input locations of `raws` at the file their command names (in place: related spans keep
 * pointing at the same objects). `command` is the recorded command, used when the log echoed none. */
export function nameStandardInput(raws: readonly RawLocation[], command: readonly string[] | undefined): void {
  const named = new Map<string, string | undefined>();
  const nameIn = (line: string | readonly string[], inputOnly: boolean): string | undefined => {
    const key = `${inputOnly}\0${typeof line === 'string' ? line : line.join('\0')}`;
    if (!named.has(key)) named.set(key, namedInputFile(line, inputOnly));
    return named.get(key);
  };
  for (const raw of raws) {
    if (!isStandardInputName(raw.file)) continue;
    const inputOnly = raw.hints?.unnamed === true;
    const echoed = raw.hints?.commandLine;
    // A location with no file at all may still name what it read by its file name alone (`docker-default at line 11`):
    // the command's one operand with that name.
    const byName = (line: string | readonly string[]): string | undefined => (inputOnly ? operandNamedIn(line, raw.message) : undefined);
    const file =
      (echoed === undefined ? undefined : (nameIn(echoed, inputOnly) ?? byName(echoed))) ??
      (command && command.length > 0 ? (nameIn(command, inputOnly) ?? byName(command)) : undefined);
    // Standard input that no command names is no workspace file: dropped as runtime, never reported as unresolved.
    if (file === undefined) {
      raw.hints = { ...raw.hints, runtime: true };
      continue;
    }
    raw.file = file;
    const { runtime: _runtime, commandLine: _commandLine, unnamed: _unnamed, ...hints } = raw.hints ?? {};
    if (Object.keys(hints).length > 0) raw.hints = hints;
    else delete raw.hints;
  }
}
