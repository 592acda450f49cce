// A line that left nothing is not read again when it repeats (barren-lines.ts), but only while nothing it could depend
// on changed: these formats read a neighbour, or state another line makes, and must still see every line they need.
import { describe, expect, it } from 'vitest';
import type { GrammarFormat, LineContext } from '../../../src/grammars/engine/format.js';
import { Scanner } from '../../../src/grammars/engine/scanner.js';

const base = { language: 'Any', columnBase: 1, columnUnit: 'unknown', fields: ['file', 'line'], observed: false } as const;

// `HIT n` is a place only after `ARM` made the state it looks for; `HOP n` only right after a `GO` line.
const armed: GrammarFormat = {
  ...base,
  name: 'armed',
  description: 'test format: `HIT n` once armed',
  anchor: 'HIT|ARM',
  parse(context: LineContext) {
    if (context.text === 'ARM') return context.shared('armed', () => ({})) !== undefined;
    const hit = /^HIT (\d+)$/.exec(context.text);
    if (!hit || context.sharedIfMade<object>('armed') === undefined) return false;
    return context.emit({ file: 'armed.c', line: Number(hit[1]) }) !== undefined;
  },
};
const hop: GrammarFormat = {
  ...base,
  name: 'hop',
  description: 'test format: `HOP n` after a `GO` line',
  anchor: 'HOP',
  parse(context: LineContext) {
    const hit = /^HOP (\d+)$/.exec(context.text);
    if (!hit || context.line(-1) !== 'GO') return false;
    return context.emit({ file: 'go.c', line: Number(hit[1]) }) !== undefined;
  },
};

let idleReads = 0;
const idle: GrammarFormat = {
  ...base,
  name: 'idle',
  description: 'test format: reads `IDLE` lines and finds nothing',
  anchor: 'IDLE',
  parse() {
    idleReads++;
    return false;
  },
};

// A weak guess at a bare name (the prose tier's kind): its line is self-contained only when the workspace test refuses
// it, since emit then does not look above it for a path ending in that name.
let guessReads = 0;
const guess: GrammarFormat = {
  ...base,
  name: 'guess',
  description: 'test format: `GUESS n` proposes settings.yml:n for the workspace to confirm',
  anchor: 'GUESS',
  parse(context: LineContext) {
    guessReads++;
    const hit = /^GUESS (\d+)$/.exec(context.text);
    if (!hit) return false;
    context.emit({ file: 'settings.yml', line: Number(hit[1]), hints: { confirm: true } });
    return true;
  },
};

function scan(lines: string[], mayBeWorkspaceFile?: (printed: string) => boolean) {
  const scanner = new Scanner({
    formats: [armed, hop, idle, guess],
    ...(mayBeWorkspaceFile ? { mayBeWorkspaceFile } : {}),
    parser: () => {
      throw new Error('no grammar rules here');
    },
    normaliseLine: (raw) => raw,
  });
  scanner.write(`${lines.join('\n')}\n`);
  return scanner.end().locations.map((location) => `${location.file}:${location.line}@${location.logLine}`);
}

describe('lines that left nothing', () => {
  it('are not read again while nothing they could depend on changed', () => {
    idleReads = 0;
    expect(scan(Array.from({ length: 300 }, () => 'IDLE line'))).toEqual([]);
    expect(idleReads).toBeLessThan(100);
  });

  it('are read again once a line made the state they look for', () => {
    const idle = Array.from({ length: 300 }, () => 'HIT 3');
    expect(scan([...idle, 'ARM', 'HIT 3'])).toEqual(['armed.c:3@302']);
  });

  it('are read again when their reading looked at a neighbour', () => {
    const idle = Array.from({ length: 300 }, (_, index) => (index % 2 === 0 ? 'x' : 'HOP 5'));
    expect(scan([...idle, 'GO', 'HOP 5'])).toEqual(['go.c:5@302']);
  });

  it('include a weak guess the workspace test refuses, which emit no longer reads the lines above for', () => {
    guessReads = 0;
    expect(
      scan(
        Array.from({ length: 300 }, () => 'GUESS 4'),
        () => false,
      ),
    ).toEqual([]);
    expect(guessReads).toBeLessThan(100);
    // A guess the workspace may hold looks above for its folders, so each repeat is read again.
    guessReads = 0;
    scan(
      Array.from({ length: 300 }, () => 'GUESS 4'),
      () => true,
    );
    expect(guessReads).toBe(300);
  });
});
