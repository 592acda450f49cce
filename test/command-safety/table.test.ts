// Runs every row of table.tsv (the user-readable classification table) through classifyCommand.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { classifyCommand, type Verdict } from '../../src/safety/index.js';

interface Row {
  line: number;
  shell: 'bash' | 'powershell';
  expected: Verdict;
  allow: string[];
  command: string;
  why: string;
}

function decode(command: string): string {
  return command
    .replace(/\{LF\}/g, '\n')
    .replace(/\{CR\}/g, '\r')
    .replace(/\{U\+([0-9A-F]{4})\}/g, (_all, hex: string) => String.fromCodePoint(Number.parseInt(hex, 16)));
}

const rows: Row[] = readFileSync(join(import.meta.dirname, 'table.tsv'), 'utf8')
  .split('\n')
  .map((text, index) => ({ text, line: index + 1 }))
  .filter(({ text }) => text.trim() !== '' && !text.startsWith('#'))
  .map(({ text, line }) => {
    const [shell, expected, allow, command, why] = text.split('\t');
    return {
      line,
      shell: shell as Row['shell'],
      expected: expected as Verdict,
      allow: allow === '-' ? [] : allow!.split(';').map((p) => p.trim()),
      command: decode(command!),
      why: why ?? '',
    };
  });

describe('command-safety table', () => {
  it('holds at least 150 rows, bash and PowerShell, every verdict', () => {
    expect(rows.length).toBeGreaterThanOrEqual(150);
    expect(new Set(rows.map((row) => row.shell))).toEqual(new Set(['bash', 'powershell']));
    expect(new Set(rows.map((row) => row.expected))).toEqual(new Set(['blocked', 'read-only', 'allowed', 'needs-approval']));
  });

  it.each(rows.map((row) => [`${row.line}: ${row.shell} ${JSON.stringify(row.command)} (${row.why})`, row] as const))(
    '%s',
    async (_name, row) => {
      const result = await classifyCommand(row.command, { shell: row.shell, allow: row.allow, workdir: '/work/project' });
      expect({ verdict: result.verdict, reason: result.reason }).toMatchObject({ verdict: row.expected });
      // The deciding segment is named with its rule.
      expect(result.segments.length).toBeGreaterThan(0);
      for (const segment of result.segments) expect(segment.rule.startsWith(`${segment.verdict}:`)).toBe(true);
    },
  );
});
