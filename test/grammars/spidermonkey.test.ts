// SpiderMonkey's and JavaScriptCore's `name@file:line:column` frames: innermost first under the error they unwind, the
// function's name (empty, `foo/<`, `async*foo`) never part of the path, a dev server's URL and a `qrc:/` resource read
// as the path inside them (the engine's path cleaning); an address that ends in a port or a repository is no frame.
import { describe, expect, it } from 'vitest';
import { scanLog } from '../_scan.js';

function scan(lines: string[]) {
  return scanLog(lines)
    .filter((location) => location.format === 'spidermonkey-stack')
    .map(({ file, line, column, severity, message }) => ({ file, line, column, severity, message }));
}

describe('spidermonkey-stack', () => {
  it("reads Firefox's frames of a page, closures and async callers included, the innermost as the error", () => {
    expect(
      scan([
        'Uncaught TypeError: cart.items is undefined',
        'total/<@http://localhost:5173/src/cart.js:14:22',
        'total@http://localhost:5173/src/cart.js:13:10',
        'async*render@http://localhost:5173/src/main.js:8:3',
      ]),
    ).toEqual([
      { file: 'src/cart.js', line: 14, column: 22, severity: 'error', message: 'TypeError: cart.items is undefined' },
      { file: 'src/cart.js', line: 13, column: 10, severity: null, message: 'TypeError: cart.items is undefined' },
      { file: 'src/main.js', line: 8, column: 3, severity: null, message: 'TypeError: cart.items is undefined' },
    ]);
  });

  it('reads a frame without a column (older JavaScriptCore) and one of a QML component', () => {
    expect(scan(['Error: no profile', 'load@app/profile.js:31', 'onClicked@qrc:/qml/Main.qml:12:9'])).toEqual([
      { file: 'app/profile.js', line: 31, column: null, severity: 'error', message: 'Error: no profile' },
      { file: 'qml/Main.qml', line: 12, column: 9, severity: null, message: 'Error: no profile' },
    ]);
  });

  it("makes a place the error's message names the trace's innermost frame, above a `Stack trace:` line", () => {
    expect(scan(['Gtk.BuilderError: src/ui/panel.ui:14:3 Invalid object type', '', 'Stack trace:', 'build@src/panel.js:40:9'])).toEqual([
      {
        file: 'src/ui/panel.ui',
        line: 14,
        column: 3,
        severity: 'error',
        message: 'Gtk.BuilderError: src/ui/panel.ui:14:3 Invalid object type',
      },
      { file: 'src/panel.js', line: 40, column: 9, severity: null, message: 'Gtk.BuilderError: src/ui/panel.ui:14:3 Invalid object type' },
    ]);
  });

  it('takes no address, repository or mail for a frame', () => {
    expect(
      scan([
        'Cloning into bare repository git@github.com:acme/tools.git',
        'ssh: connect to host deploy@10.0.0.4:22 timed out',
        'sent by ci@example.com:443',
        'npm notice pkg@1.2.3:4',
      ]),
    ).toEqual([]);
  });
});
