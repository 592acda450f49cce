// CocoaPods: `pod install` evaluates the Podfile (Ruby) and, when that fails, prints `[!] Invalid `Podfile` file: msg`
// and then the place in it as a Ruby `from` line with a snippet below: ` #  from /Users/me/app/ios/Podfile:28`. The
// path may hold blanks (a folder named `Services Adom User`); the line ends it.
// Link: https://guides.cocoapods.org/using/the-podfile.html
import type { GrammarFormat, LineContext } from '../../engine/format.js';

const FROM_LINE = /^\s*#\s+from (.+?):(\d{1,7})\s*$/;
const HEADER = /^\s*\[!\] (.*)$/;

/** The `[!] …` message a few lines above, the `from` line's error. */
function headerMessage(context: LineContext): string | undefined {
  for (let delta = -1; delta >= -6; delta--) {
    const header = HEADER.exec(context.line(delta) ?? '');
    if (header) return header[1]?.trim();
  }
  return undefined;
}

function parseCocoapods(context: LineContext): boolean {
  const from = FROM_LINE.exec(context.text);
  if (!from || !/(?:^|[\\/])(?:Podfile|[^\\/]+\.podspec)$/.test(from[1] ?? '')) return false;
  const message = headerMessage(context);
  if (message === undefined) return false;
  context.emit({ file: from[1] ?? '', line: Number(from[2]), severity: 'error', message });
  return true;
}

export const cocoapods: GrammarFormat = {
  name: 'cocoapods',
  language: 'Ruby (CocoaPods)',
  description:
    '`pod install` / `flutter run` on iOS: `[!] Invalid `Podfile` file: syntax error, …` then ` #  from /Users/me/app/ios/Podfile:28` ' +
    'and a snippet (a path with blanks allowed).',
  columnBase: 1,
  columnUnit: 'unknown',
  fields: ['file', 'line', 'severity', 'message'],
  observed: false,
  url: 'https://guides.cocoapods.org/using/the-podfile.html',
  anchor: '^\\s*#\\s+from \\S',
  parse: parseCocoapods,
};
