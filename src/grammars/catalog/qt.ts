// Qt's own tools. The QML engine (qmlscene, qml, any application that loads QML) reports a script's or a binding's
// failure as `URL:L[:C]: message`, where URL is the document's URL: `file:///abs/x.qml` for a document loaded from
// disk (an installed application's copy under /usr/share or /opt, or the checkout), `qrc:/x.qml` for one compiled
// into the binary's resources (its path inside the resource tree, whose folder in the checkout only a .qrc file
// says), or a plain path. A syntax error has no colon after the line (`file:///x.qml:6 Expected token …`), Qt 5's
// qmllint puts a blank before it (`x.qml:6 : Expected token …`), and application loggers put a time, a level and a
// category before the URL (`2019-12-14 02:07:08.800	W qrc:/x.qml:72: …`, `[W] unknown:152 - file:///x.qml:152: …`).
// uic (Qt Designer forms) names the line first and the form on the next line: `uic: Error in line 6, column 26 :
// Unexpected attribute span` / `File 'forms/x.ui' is not valid`.
// Link: https://doc.qt.io/qt-6/qtqml-javascript-expressions.html
// Link: https://doc.qt.io/qt-6/uic.html
import type { GrammarFamily, GrammarFormat, LineContext } from '../engine/format.js';
import type { Severity } from '../../core/index.js';

// A QML document's place: a `qrc:` URL to a .qml or .js (a script imported by QML), a `file:` URL or a plain path
// to a .qml. A `file:` .js is left to the JavaScript runtimes, whose ESM errors name their modules the same way.
const QML_DOCUMENT = String.raw`qrc:\/{0,3}[^\s:]*?\.(?:qml|m?js)|file:\/{0,3}(?:[A-Za-z]:)?[^\s:]*?\.qml|(?:[A-Za-z]:)?[^\s:]*?\.qml`;
const QML_PLACE = new RegExp(String.raw`(?:^|[\s[])(${QML_DOCUMENT}):(\d+)(?::(\d+))?(?::\s*|\s+:?\s*)(\S.*)$`);

// The level words a Qt message handler or qmllint put before the place (`Warning: `, `W `, `[W] `, `qml: `).
const LEVEL = /(?:^|\s|\[)(Critical|Fatal|Error|Warning|Info|Debug|[EWCFID])(?:\]|:|\s)/;
const LEVEL_SEVERITY: Record<string, Severity> = {
  Critical: 'error',
  Fatal: 'error',
  Error: 'error',
  Warning: 'warning',
  Info: 'note',
  Debug: 'note',
  C: 'error',
  F: 'error',
  E: 'error',
  W: 'warning',
  I: 'note',
  D: 'note',
};

// The engine's own words for a failure that stops a document: a thrown error or a syntax error.
const FAILURE_MESSAGE = /^(?:\w*Error\b|Expected token|Syntax error|Unexpected token|Type \S+ unavailable|module "[^"]*" is not installed)/;

function qmlSeverity(before: string, message: string): Severity {
  const level = LEVEL.exec(before);
  if (level) return LEVEL_SEVERITY[level[1] ?? ''] ?? 'warning';
  return FAILURE_MESSAGE.test(message) ? 'error' : 'warning';
}

// A qmllint 6 category after the message (`Unqualified access [unqualified]`): the checker's code.
const CATEGORY = /\s\[([a-z][a-z-]*)\]\s*$/;

function parseQml(context: LineContext): boolean {
  const place = QML_PLACE.exec(context.text);
  if (!place) return false;
  const printed = place[1] ?? '';
  const message = (place[4] ?? '').trim();
  // A line that only names a document and a number, or names one as an import path, is no report.
  if (message === '' || /^\d/.test(message)) return false;
  const category = CATEGORY.exec(message);
  context.emit({
    file: printed,
    line: Number(place[2]),
    column: place[3] === undefined ? null : Number(place[3]),
    severity: qmlSeverity(context.text.slice(0, place.index + 1), message),
    code: category?.[1] ?? null,
    message: category ? message.slice(0, category.index).trim() : message,
  });
  return true;
}

const qml: GrammarFormat = {
  name: 'qml',
  language: 'QML (Qt Quick)',
  description:
    'The QML engine (`qmlscene x.qml`, `qml`, any Qt Quick application) and qmllint: `file:///x/qml/main.qml:6: ReferenceError: ' +
    'wick is not defined`, `qrc:/parts/Flame.qml:4:5: Unable to assign [undefined] to QString`, `file:///x.qml:6 Expected token …`; ' +
    'a logger’s time, level and category before the URL. A `qrc:/` path is the file’s path inside the resource tree.',
  columnBase: 1,
  columnUnit: 'utf-16',
  fields: ['file', 'line', 'column', 'severity', 'message', 'code'],
  observed: true,
  url: 'https://doc.qt.io/qt-6/qtqml-javascript-expressions.html',
  anchor: '\\.qml:\\d|qrc:[^\\s:]*\\.m?js:\\d',
  parse: parseQml,
};

const UIC_ERROR = /^uic: (Error|Warning) in line (\d+), column (\d+) : (.*)$/;
const UIC_FORM = /^File '(.+)' is not valid\s*$/;

// uic's report spans two lines: the place's line and message first, the form it read after. The first line is
// claimed and read again when the form's line comes.
function parseUic(context: LineContext): boolean {
  if (UIC_ERROR.test(context.text)) return true;
  const form = UIC_FORM.exec(context.text);
  const error = form ? UIC_ERROR.exec(context.line(-1) ?? '') : null;
  if (!form || !error) return false;
  context.emit({
    file: form[1] ?? '',
    line: Number(error[2]),
    column: Number(error[3]),
    severity: error[1] === 'Warning' ? 'warning' : 'error',
    message: error[4] ?? '',
  });
  return true;
}

const uic: GrammarFormat = {
  name: 'uic',
  language: 'Qt Designer forms',
  description:
    "`uic forms/x.ui -o ui_x.h` (qmake's and CMake's AUTOUIC rules): `uic: Error in line 6, column 26 : Unexpected attribute span` " +
    "then `File 'forms/x.ui' is not valid`.",
  columnBase: 1,
  columnUnit: 'unknown',
  fields: ['file', 'line', 'column', 'severity', 'message'],
  observed: true,
  url: 'https://doc.qt.io/qt-6/uic.html',
  anchor: "^uic: (?:Error|Warning) in line \\d|^File '.+' is not valid",
  parse: parseUic,
};

export const qtFamily: GrammarFamily = { formats: [qml, uic] };
