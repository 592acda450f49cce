// The ordered list of subcommands; help prints them in this order (most used first). Each command module is
// loaded only when it runs, so `locate` in a pre-commit hook never pays for language-server or secretlint code.
import type { CliCommand } from '../io.js';

interface CommandEntry {
  name: string;
  summary: string;
  load(): Promise<CliCommand>;
}

export const COMMANDS: readonly CommandEntry[] = [
  {
    name: 'locate',
    summary: 'find the error locations in a log and map them to workspace files',
    load: async () => (await import('./locate.js')).locateCommand,
  },
  {
    name: 'explain',
    summary: 'show the enclosing function and code around the top locations of a log',
    load: async () => (await import('./explain.js')).explainCommand,
  },
  {
    name: 'run',
    summary: 'run a command, save its output, and point at the errors',
    load: async () => (await import('./run.js')).runCommandCli,
  },
  { name: 'read', summary: 'page or search the saved output of a run', load: async () => (await import('./read.js')).readCommandCli },
  {
    name: 'check-command',
    summary: 'decide whether a command is blocked, read-only, allowed by a pattern, or needs approval',
    load: async () => (await import('./check-command.js')).checkCommandCli,
  },
  {
    name: 'kill',
    summary: 'end a background command and its whole process tree',
    load: async () => (await import('./background.js')).killCommand,
  },
  { name: 'ps', summary: 'list background commands', load: async () => (await import('./background.js')).psCommand },
  {
    name: 'fix',
    summary: "show or apply the fixes the tools printed, or a model's answer, checked against the files",
    load: async () => (await import('./fix.js')).fixCommand,
  },
  {
    name: 'lsp',
    summary: "a language server that shows your runs' errors in any editor",
    load: async () => (await import('./lsp.js')).lspCommand,
  },
  {
    name: 'prompt',
    summary: 'build a bounded, redacted prompt asking a model to fix the located error',
    load: async () => (await import('./prompt.js')).promptCommand,
  },
  {
    name: 'formats',
    summary: 'list the location formats faultline recognises',
    load: async () => (await import('./formats.js')).formatsCommand,
  },
  {
    name: 'check-fixtures',
    summary: 'run locate on every <case>.log under DIR and diff against <case>.expected.json',
    load: async () => (await import('./check-fixtures.js')).checkFixturesCommand,
  },
];
