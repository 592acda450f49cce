// Ninja (and meson, CMake -G Ninja, which run it): the folder `ninja -C` entered, which every compiler it runs
// prints its relative paths from (meson's `../src/x.c`), and ninja's own manifest errors.
// Link: https://ninja-build.org/manual.html
import type { GrammarFamily, GrammarFormat, LineContext } from '../engine/format.js';
import { directoryContext } from '../engine/directories.js';

function parseNinja(context: LineContext): boolean {
  const text = context.text;
  const directories = directoryContext((key, create) => context.shared(key, create));
  // ninja: Entering directory `build' — ninja never prints a Leaving line: the folder holds to the log's end
  // or the next Entering line (a later `ninja -C` run), which then is the innermost.
  const entering = /^ninja: Entering directory [`'‘"](.+)['’"]$/.exec(text);
  if (entering) {
    directories.enter(entering[1] as string, context.emitted);
    return true;
  }
  // ninja: error: build.ninja:5: unknown build rule 'cx' — a manifest line, relative to the folder ninja is in.
  const manifest = /^ninja: error: ((?:[^:\s]*\/)?[\w.-]+\.ninja):(\d+): (.*)$/.exec(text);
  if (manifest) {
    context.emit({ file: manifest[1] as string, line: Number(manifest[2]), severity: 'error', message: manifest[3] ?? '' });
    return true;
  }
  return false;
}

const ninja: GrammarFormat = {
  name: 'ninja',
  language: 'Ninja',
  description:
    '`ninja -C build` (also under meson and `cmake -G Ninja`): `ninja: Entering directory` tracking for the compilers it runs, and ' +
    '`ninja: error: build.ninja:5: …` manifest errors.',
  columnBase: 1,
  columnUnit: 'byte',
  fields: ['file', 'line', 'severity', 'message'],
  observed: true,
  url: 'https://ninja-build.org/manual.html',
  anchor: 'ninja: (?:Entering directory|error: \\S+\\.ninja:\\d)',
  parse: parseNinja,
};

export const ninjaFamily: GrammarFamily = { formats: [ninja] };
