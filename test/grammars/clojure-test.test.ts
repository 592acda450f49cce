// clojure.test's failure reports (catalog/java/clojure-test.ts): the bare file name's folder comes from the namespace
// under test, as the `Testing ns` / `lein test ns` line or a qualified test name prints it.
import { describe, expect, it } from 'vitest';
import { scanLog } from '../_scan.js';

const rows = (log: string[], formats: string[]) => scanLog(log, formats).map((l) => [l.file, l.line, l.severity, l.hints ?? null]);

describe('clojure-test', () => {
  it('names the folder of the bare file by the namespace under test, from the Testing line or a qualified name', () => {
    const log = [
      'Testing my.app.core-test',
      '',
      'FAIL in (total-sums) (core_test.clj:7)',
      'expected: (= 6 (total [1 2 3]))',
      '  actual: (not (= 6 7))',
      'FAIL in my.lib.text-util-test/trims (text_util_test.clj:12)',
      'ERROR in (ratio-divides) (Numbers.java:190)',
    ];
    expect(rows(log, ['clojure-test'])).toEqual([
      ['core_test.clj', 7, 'error', { basenameOnly: true, packageName: 'my/app' }],
      ['text_util_test.clj', 12, 'error', { basenameOnly: true, packageName: 'my/lib' }],
      ['Numbers.java', 190, 'error', { basenameOnly: true }],
    ]);
    expect(scanLog(log, ['clojure-test'])[0]?.message).toBe('FAIL in total-sums: expected: (= 6 (total [1 2 3])) actual: (not (= 6 7))');
  });

  it('leaves the bare name to the workspace when no namespace was printed (lein test :only output cut above)', () => {
    expect(rows(['FAIL in (exit-code) (test.clj:85)'], ['clojure-test'])).toEqual([['test.clj', 85, 'error', { basenameOnly: true }]]);
  });
});
