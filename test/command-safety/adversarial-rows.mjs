// Reads adversarial.tsv (see its header) for adversarial.test.ts and verify-adversarial.mjs.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export function decode(command) {
  return command
    .replace(/\{LF\}/g, '\n')
    .replace(/\{CR\}/g, '\r')
    .replace(/\{U\+([0-9A-F]{4})\}/g, (_all, hex) => String.fromCodePoint(Number.parseInt(hex, 16)));
}

export function adversarialRows() {
  return readFileSync(join(import.meta.dirname, 'adversarial.tsv'), 'utf8')
    .split('\n')
    .map((text, index) => ({ text, line: index + 1 }))
    .filter(({ text }) => text.trim() !== '' && !text.startsWith('#'))
    .map(({ text, line }) => {
      const [shell, expected, allow, setup, verify, kind, command, why] = text.split('\t');
      return {
        line,
        shell,
        expected,
        allow: allow === '-' ? [] : allow.split(';').map((p) => p.trim()),
        setup,
        verify,
        kind,
        raw: command,
        command: decode(command),
        why: why ?? '',
      };
    });
}
