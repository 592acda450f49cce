// The line-start alternatives left to the universal anchors because every match of theirs holds one on its line
// (engine/implied-anchor.ts); prefilter.test.ts checks on every fixture that no line a format selects is missed.
import { describe, expect, it } from 'vitest';
import { impliesUniversalAnchor } from '../../../src/grammars/engine/implied-anchor.js';
import { buildPrefilter, topLevelAlternatives, UNIVERSAL_ANCHORS } from '../../../src/grammars/engine/prefilter.js';
import { registeredFormats } from '../../../src/grammars/index.js';

const EXTENSION = String.raw`\.[A-Za-z][A-Za-z0-9+_]{0,11}`;

describe('impliesUniversalAnchor', () => {
  it('accepts an alternative that needs `.ext:N` at its top level, on the line it starts', () => {
    expect(impliesUniversalAnchor(String.raw` {4}\S.*${EXTENSION}:\d+:\d+:`)).toBe(true);
    expect(impliesUniversalAnchor(String.raw`(?:\x1b\[[0-9;]*[mK])*(?: > | {3})\S.*${EXTENSION}:\d+: error`)).toBe(true);
    expect(impliesUniversalAnchor(String.raw`\] in [^\n]{1,1000}\.[A-Za-z]{1,4}:\d`)).toBe(true);
    expect(impliesUniversalAnchor(String.raw` in [^\s()]+${EXTENSION}\(\d+\)\s*$`)).toBe(true);
    // `\s` is tried without its newline (the prefilter makes each line-start alternative line-local).
    expect(impliesUniversalAnchor(String.raw`Error\s+\S+${EXTENSION}:\d`)).toBe(true);
  });

  it('accepts one that needs a traceback header, which the universal anchors select wherever it stands', () => {
    expect(impliesUniversalAnchor(String.raw`\s*[A-Za-z][\w ]{0,30}\(most recent call last\)`)).toBe(true);
    expect(impliesUniversalAnchor(String.raw`\s*[A-Za-z][\w ]{0,30}\(most recent call last\)?`)).toBe(false);
    expect(impliesUniversalAnchor(String.raw`Traceback(?: \(most recent call last\))?`)).toBe(false);
  });

  it('accepts one that needs `line N` or a frame URL `(file:`, which the universal anchors select wherever they stand', () => {
    expect(impliesUniversalAnchor(String.raw` at [\w./-]+ line \d+(?:, near |, at )`)).toBe(true);
    expect(impliesUniversalAnchor(String.raw`\[file: ["'][^"'\n]{1,300}["'], line: \d`)).toBe(true);
    expect(impliesUniversalAnchor(String.raw`[{[][^\n]{0,300}?\{file,"[^"\n]{1,300}"\},\{line,\d`)).toBe(true);
    expect(impliesUniversalAnchor(String.raw`In \S+ [Ll]ine \d`)).toBe(true);
    expect(impliesUniversalAnchor(String.raw`#\d+ +[^\n]{1,1000}\((?:file|package|dart):`)).toBe(true);
    // A tab, an unread separator or an optional digit is not what the universal `line N` alternative reads.
    expect(impliesUniversalAnchor(String.raw`[Ll]ine[ \t]+\d`)).toBe(false);
    expect(impliesUniversalAnchor(String.raw`Line\s*: \d`)).toBe(false);
    expect(impliesUniversalAnchor(String.raw`line \d?`)).toBe(false);
    expect(impliesUniversalAnchor(String.raw`at (?:line \d+)?`)).toBe(false);
  });

  // Letter-led rows every word-led line tried (issue 21, perf36: ~16 % of the line-start stage): each needs a literal the
  // universal anchors select wherever it stands.
  it('accepts the letter-led rows whose literal is a universal anchor: `.java;88`, `Line = 14`, a range, `start (`', () => {
    expect(impliesUniversalAnchor(String.raw`[\w$.<>-]+;[^;\s]*;[\w$.+-]+${EXTENSION};\d+`)).toBe(true);
    expect(impliesUniversalAnchor(String.raw`[A-Za-z_$][\w$.\/*+!?<>-]* \([\w$.-]+\.[A-Za-z]{1,12}:\d+\)`)).toBe(true);
    expect(impliesUniversalAnchor(String.raw`[A-Za-z]\w*-\d+ [\w.-]+: (?:ERROR|WARNING|REMARK)\b.*, Line = \d`)).toBe(true);
    expect(impliesUniversalAnchor(String.raw`[A-Z][\w.']*\(\d+,\d+-\d+,\d+\)`)).toBe(true);
    expect(impliesUniversalAnchor(String.raw`[A-Z]\w*Error: .*\bstart \(\d+,\s*\d+\)`)).toBe(true);
    // An unbounded extension is not what the universal anchors read.
    expect(impliesUniversalAnchor(String.raw`\S+\.[A-Za-z]+;\d`)).toBe(false);
  });

  it('refuses one whose `.ext:N` is optional, alternative, unbounded or maybe on a later line', () => {
    expect(impliesUniversalAnchor(String.raw`at (?:\S+${EXTENSION}:\d+)?`)).toBe(false);
    expect(impliesUniversalAnchor(String.raw`FAIL|\S+${EXTENSION}:\d`)).toBe(false);
    expect(impliesUniversalAnchor(String.raw`\S+${EXTENSION}:\d?`)).toBe(false);
    expect(impliesUniversalAnchor(String.raw`\S+\.[A-Za-z]+:\d`)).toBe(false);
    expect(impliesUniversalAnchor(String.raw`Error\n\S+${EXTENSION}:\d`)).toBe(false);
    expect(impliesUniversalAnchor(String.raw`Error[\s\S]*${EXTENSION}:\d`)).toBe(false);
    expect(impliesUniversalAnchor(String.raw`Error[^:]*${EXTENSION}:\d`)).toBe(false);
    expect(impliesUniversalAnchor(String.raw`Error\W${EXTENSION}:\d`)).toBe(false);
    expect(impliesUniversalAnchor(String.raw`(a)\1${EXTENSION}:\d`)).toBe(false);
  });

  it('the universal anchors select a line each accepted registry alternative selects', () => {
    const anywhere = new RegExp(buildPrefilter(registeredFormats()).anywhere.source, 'm');
    const accepted = [...new Set(registeredFormats().flatMap((format) => topLevelAlternatives(format.anchor)))]
      .filter((alternative) => !UNIVERSAL_ANCHORS.includes(alternative))
      .filter((alternative) => impliesUniversalAnchor(alternative.replace(/^\^/, '')));
    expect(accepted.length).toBeGreaterThan(0);
    const lines = [
      '    src/a.ts:3:5:',
      '   src/main.c:12:3: error: expected',
      ' > lib/x.py:4:1: warning: unused',
      '  12  src/app/view.vue:7',
      '#3 [builder 2/4] in /app/src/main.go:14',
      'at f in src/Main.cs(12)',
      'Traceback (most recent call last):',
      '  Traceback (most recent call last) in worker 3',
      'Died at lib/x.pm line 12, near "foo"',
      'build.gradle line: 4',
      '#4      main (file:///app/bin/main.dart:3:5)',
      '#5      _rootRun (dart:async/zone.dart)',
      '[{file,"src/m.erl"},{line,9}]',
      'ERROR: line 7: bad value',
      '<pre>com.example.Sync;store;SyncService.java;88',
      '    clojure.core$load.invokeStatic (core.clj:6125)',
      'cc-1174 cc: WARNING File = src/meter.c, Line = 14',
      'ValueError: start (21,40) precedes the previous token',
      'Shop.Cart(12,8-12,20): (Error 19) failed',
    ];
    let selected = 0;
    for (const alternative of accepted) {
      const regex = new RegExp(alternative, 'm');
      for (const line of lines.filter((candidate) => regex.test(candidate))) {
        selected++;
        expect(anywhere.test(line), `${alternative} on ${line}`).toBe(true);
      }
    }
    expect(selected).toBeGreaterThanOrEqual(lines.length);
    expect(lines.every((line) => anywhere.test(line))).toBe(true);
  });
});
