// docs/agent-shell.md documents the lists users edit: every entry of the code's lists must appear there.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_BLOCKED, DEFAULT_PROTECTED_PATHS, READ_ONLY_COMMANDS } from '../../src/safety/index.js';

const doc = readFileSync(join(import.meta.dirname, '..', '..', 'docs', 'agent-shell.md'), 'utf8');
const lower = doc.toLowerCase();

describe('docs/agent-shell.md', () => {
  it('lists every default blocked pattern and protected path', () => {
    expect(DEFAULT_BLOCKED.filter((pattern) => !doc.includes(`\`${pattern}\``))).toEqual([]);
    expect(DEFAULT_PROTECTED_PATHS.filter((path) => !doc.includes(`\`${path}\``))).toEqual([]);
  });

  it('lists every read-only command, git subcommand and version-only tool', () => {
    const missing = [...READ_ONLY_COMMANDS.bash, ...READ_ONLY_COMMANDS.gitSubcommands, ...READ_ONLY_COMMANDS.versionOnly].filter(
      (name) => !doc.includes(`\`${name}\``),
    );
    expect(missing).toEqual([]);
    const subcommands = Object.entries(READ_ONLY_COMMANDS.subcommands).flatMap(([tool, subs]) => [tool, ...subs]);
    expect(subcommands.filter((name) => !doc.includes(`\`${name}\``))).toEqual([]);
    expect(READ_ONLY_COMMANDS.powershell.filter((name) => !lower.includes(`\`${name}\``))).toEqual([]);
  });
});
