// Crash reporters' issue layouts: HockeyApp's bug-tracker integration opens an issue per crash group whose
// `Stacktrace` section lists the frames one a line as `Class;method;File;line` (`StartActivity$1$1;run;StartActivity.java;117`,
// `-;main;AppDelegate.swift;17`), innermost first, inside a `<pre>` block (engine/web-copy.ts drops the glued tags).
// The file is a basename; a Java class's package (`com.acme.cart.Cart$1` → com.acme.cart) names its folder, so a
// library frame never resolves to a workspace file that merely shares the basename. A frame without a file or a line
// (`Ns.Module;Handler;;`, system code) names no place and is skipped.
// Link: https://support.hockeyapp.net/kb/third-party-bug-trackers-services-and-webhooks/how-to-use-github-with-hockeyapp
import type { GrammarFamily, GrammarFormat, LineContext } from '../engine/format.js';

interface CrashTraceState {
  trace: number;
  index: number;
  lastLine: number;
  message: string;
}

// `Class;method;File.ext;line`: the class may be `-` (a Swift or C function), the method may hold generics or `<init>`.
const FRAME = /^\s*([\w$.<>`-]{1,300});([^;\s]{0,300});([\w$.+-]{1,200}\.[A-Za-z][\w+]{0,11});(\d{1,7})\s*$/;
// The section the integration writes below the frames: `### Reason ###` then the exception's name and message.
const REASON = /^#{1,6} ?Reason\b/;
const MAX_REASON_DISTANCE = 40;

function reasonBelow(context: LineContext): string {
  for (let delta = 1; delta <= MAX_REASON_DISTANCE; delta++) {
    const line = context.line(delta);
    if (line === undefined) return '';
    if (!REASON.test(line)) continue;
    for (let next = delta + 1; next <= delta + 4; next++) {
      const text = context.line(next)?.trim();
      if (text) return text;
    }
    return '';
  }
  return '';
}

// The package of a Java-style class (`edu.acme.app.StartActivity$1` → edu.acme.app); '' for a bare class or `-`.
function packageOf(klass: string): string {
  const dot = klass.lastIndexOf('.');
  return dot > 0 && /^[a-z]/.test(klass) ? klass.slice(0, dot) : '';
}

function parseHockeyApp(context: LineContext): boolean {
  const frame = FRAME.exec(context.text);
  if (!frame) return false;
  const state = context.state<CrashTraceState>(() => ({ trace: 0, index: 0, lastLine: -2, message: '' }));
  if (context.logLine - state.lastLine > 1) {
    state.trace = context.newTraceId();
    state.index = 0;
    state.message = reasonBelow(context);
  }
  state.lastLine = context.logLine;
  const packagePath = packageOf(frame[1] ?? '');
  context.emit({
    file: frame[3] ?? '',
    line: Number(frame[4]),
    message: state.message,
    hints: packagePath === '' ? { basenameOnly: true } : { basenameOnly: true, packagePath },
    frame: { trace: state.trace, index: state.index++, causeRank: 0 },
  });
  return true;
}

const hockeyApp: GrammarFormat = {
  name: 'hockeyapp',
  trace: { innermost: 'first', causes: 'none' },
  language: 'Java',
  description:
    'HockeyApp crash-group issues (its GitHub integration): `<pre>Class;method;File.java;117` frame rows, innermost first, ' +
    'the reason in the `### Reason ###` section below; a Java class names the folder of its basename file.',
  columnBase: 1,
  columnUnit: 'char',
  fields: ['file', 'line', 'message'],
  observed: false,
  url: 'https://support.hockeyapp.net/kb/third-party-bug-trackers-services-and-webhooks/how-to-use-github-with-hockeyapp',
  // The row after blanks or the glued `<pre>` (the prefilter sees the raw line): two semicolons, a file, a number. The
  // file's `.java;117` is a universal anchor (engine/prefilter.ts), as `.java:117` is, if its extension has at most twelve
  // characters (none longer is a source file's): the prefilter then does not try this letter-led row at every line start.
  anchor: String.raw`^[ \t]*(?:<pre>)?[\w$.<>` + '`' + String.raw`-]+;[^;\s]*;[\w$.+-]+\.[A-Za-z][A-Za-z0-9+_]{0,11};\d+`,
  parse: parseHockeyApp,
};

export const crashReportsFamily: GrammarFamily = {
  formats: [hockeyApp],
};
