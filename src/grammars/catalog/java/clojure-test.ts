// clojure.test's report of a failing assertion (`FAIL in (total-sums) (core_test.clj:6)`, `ERROR in (name) (F:L)`),
// as `clojure.test/run-tests`, Leiningen and the Clojure CLI's test runners print it, with the `expected:` / `actual:`
// lines under it. The place is a bare file name (clojure.test prints the file's name, never its folder); the namespace
// under test names the folder: the `Testing my.app.core-test` (run-tests) or `lein test my.app.core-test` line above,
// or a name qualified with it (kaocha's `FAIL in my.app.core-test/total-sums (F:L)`). `my.app.core-test` is
// `my/app/core_test.clj`, so of several files with that name the one under `my/app/` is taken; with no namespace
// printed, the workspace's one file of that name, and several are ambiguous (never guessed).
// Link: https://clojure.github.io/clojure/clojure.test-api.html
import type { GrammarFormat, LineContext } from '../../engine/format.js';

interface ClojureTestState {
  namespace: string;
}

// `FAIL in (outer inner) (core_test.clj:6)` (run-tests, lein), `FAIL in my.app.core-test/total-sums (core_test.clj:6)`.
const REPORT = /^(FAIL|ERROR) in (?:\(([^()]{1,400})\)|(\S{1,400})) \(([\w$.-]{1,200}\.[A-Za-z]{1,8}):(\d{1,7})\)\s*$/;
// The namespace a run is testing: `Testing my.app.core-test`, `lein test my.app.core-test` (`lein test :only ns/name`).
const NAMESPACE = /^(?:Testing|lein test(?: :only)?) ([A-Za-z_][\w.*+!?-]{0,200}?)(?:\/[^\s/]{1,200})?\s*$/;
const CLOJURE_SOURCE = /\.clj[cs]?$/;
// The report's own lines under it: the `testing` context, `expected:` and `actual:` (two columns, right-aligned).
const DETAIL = /^\s*(?:expected|actual): /;

/** The folder a namespace's file is in: `my.app.core-test` → `my/app` (Clojure munges `-` to `_` in file names). */
function folderOf(namespace: string): string {
  return namespace.split('.').slice(0, -1).join('/').replace(/-/g, '_');
}

function details(context: LineContext): string {
  const parts: string[] = [];
  for (let delta = 1; delta <= 4; delta++) {
    const below = context.line(delta);
    if (below === undefined || below.trim() === '' || REPORT.test(below)) break;
    if (DETAIL.test(below) || parts.length === 0) parts.push(below.trim());
  }
  return parts.join(' ');
}

function parseClojureTest(context: LineContext): boolean {
  const state = context.state<ClojureTestState>(() => ({ namespace: '' }));
  const testing = NAMESPACE.exec(context.text);
  if (testing) {
    state.namespace = testing[1] ?? '';
    // Only remembered: the line is no place, and other formats may read it as they like.
    return false;
  }
  const report = REPORT.exec(context.text);
  if (!report) return false;
  const [kind, names, qualified, file, line] = [report[1] ?? '', report[2], report[3], report[4] ?? '', report[5] ?? '0'];
  const slash = qualified?.lastIndexOf('/') ?? -1;
  const namespace = qualified !== undefined && slash > 0 ? qualified.slice(0, slash) : state.namespace;
  const folder = CLOJURE_SOURCE.test(file) ? folderOf(namespace) : '';
  const detail = details(context);
  context.emit({
    file,
    line: Number(line),
    severity: 'error',
    message: `${kind} in ${names ?? qualified ?? ''}${detail === '' ? '' : `: ${detail}`}`,
    hints: folder === '' ? { basenameOnly: true } : { basenameOnly: true, packageName: folder },
  });
  return true;
}

export const clojureTest: GrammarFormat = {
  name: 'clojure-test',
  language: 'Clojure',
  description:
    "`clojure -M:test` / `lein test`: clojure.test's `FAIL in (name) (core_test.clj:6)` and `ERROR in (name) (F:L)` with " +
    '`expected:`/`actual:` under them; the `Testing ns` or `lein test ns` line above names the folder of the bare file name.',
  columnBase: 1,
  columnUnit: 'char',
  fields: ['file', 'line', 'severity', 'message'],
  observed: true,
  url: 'https://clojure.github.io/clojure/clojure.test-api.html',
  anchor: String.raw`^(?:FAIL|ERROR) in |^Testing [A-Za-z_]|^lein test `,
  parse: parseClojureTest,
};
