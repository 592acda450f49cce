// Scans in one process share what depends on the text alone (a log's wrappers, the anchors' verdicts on a line, a line's
// text by its bytes): a scan must answer as it would first, whatever scans came before it.
import { describe, expect, it } from 'vitest';
import { scanLog } from '../../_scan.js';

function scan(text: string): string[] {
  return scanLog(text).map((l) => `${l.format}:${l.file}:${l.line}:${l.column ?? ''}@${l.logLine}`);
}

const lines = ['src/a.c:3:5: error: x', 'error[E0425]: cannot find value `buf` in this scope', '  --> src/b.rs:14:3', 'noise 12'];
const logs = {
  plain: lines.join('\n'),
  stamped: lines.map((line) => `2024-05-13T22:08:06.0150000Z ${line}`).join('\n'),
  wrapped: lines.map((line) => `remote:        ${line}`).join('\n'),
  repeated: Array.from({ length: 40 }, () => lines.join('\n')).join('\n'),
};

describe('scans in one process', () => {
  it('answer each log as a first scan of it does, whichever logs were scanned before', () => {
    const first = Object.fromEntries(Object.entries(logs).map(([name, text]) => [name, scan(text)]));
    expect(first.plain!.length).toBeGreaterThan(1);
    expect(first.stamped!.length).toBeGreaterThan(1);
    for (const name of ['stamped', 'plain', 'repeated', 'wrapped', 'plain', 'stamped', 'repeated'] as const) {
      expect(scan(logs[name])).toEqual(first[name]);
    }
  });
});
