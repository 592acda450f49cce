// "Write a shell command from a description": the prompt, and reading the command back out of a reply
// that is not trusted to be one bare line (seed 000, seeds-lessons §1.11, without its verified failures).
import { boundText, formatCommand } from '../summarise/index.js';
import { buildRedactor, type Redactor } from '../redact/index.js';
import { fence } from './fence.js';
import { approxTokens, type PromptResult } from './fix.js';

export interface PreviousCommand {
  command: string | string[];
  output?: string;
  exitCode?: number | null;
}

export interface CommandPromptOptions {
  description: string;
  /** e.g. "bash", "zsh", "pwsh". */
  shell: string;
  /** e.g. "linux 6.8", "darwin 24.1", "win32 10.0.22631". */
  platform: string;
  cwd: string;
  previous?: PreviousCommand;
  env?: Readonly<Record<string, string | undefined>>;
  redactor?: Redactor;
}

const PREVIOUS_MAX_LINES = 30;
const PREVIOUS_MAX_CHARS = 1_500;

/** A command as an argv (quoted for a shell) or already as one line. */
function commandText(command: string | readonly string[]): string {
  return Array.isArray(command) ? formatCommand(command) : (command as string);
}

/** The prompt asking a model for one command; the previous command's output is redacted and bounded. */
export async function buildCommandPrompt(options: CommandPromptOptions): Promise<PromptResult> {
  const previous = options.previous;
  const previousCommand = previous ? commandText(previous.command) : '';
  const redactor =
    options.redactor ??
    (await buildRedactor({
      texts: [options.description, previousCommand, previous?.output ?? ''],
      ...(options.env ? { env: options.env } : {}),
    }));
  // Judged as shown (escapes, redraws, backspaces applied): a split secret is whole only there.
  const redact = (text: string) => redactor.redactShown(text);
  const lines = [
    `Write one ${options.shell} command for ${options.platform} that does the following:`,
    redact(options.description.trim()),
    '',
    'Rules:',
    '- Reply with the command only: one line, no explanation, no Markdown fences.',
    '- Prefer pipes and && over a script; do not invent flags or options.',
    '- Never include commands that delete or overwrite data unless the request asks for exactly that.',
    '',
    `Working directory: ${redact(options.cwd)}`,
  ];
  if (previous) {
    const exit = previous.exitCode === undefined || previous.exitCode === null ? 'unknown' : String(previous.exitCode);
    lines.push('', `Previous command (exit code ${exit}):`, fence(redact(previousCommand), options.shell));
    if (previous.output) {
      const bounded = boundText({
        text: redact(previous.output),
        maxLines: PREVIOUS_MAX_LINES,
        maxChars: PREVIOUS_MAX_CHARS,
        headShare: 0,
      });
      lines.push('Its output (end):', fence(bounded.text));
    }
  }
  const prompt = lines.join('\n');
  return { prompt, chars: prompt.length, approxTokens: approxTokens(prompt.length), redactions: redactor.counts(), omitted: [] };
}

// An opening fence: ``` or ~~~ (3+), then any info string (shell-session, ps1, console, c++ …).
const FENCE_OPEN = /^[ \t]*(`{3,}|~{3,})[ \t]*([^\n`]*)$/;
// Shell prompts a model copies from a transcript: "$ ", "# " is a comment and handled before, "> ",
// "PS C:\> ", "PS> ", "C:\> ", "user@host:~/dir$ ", "% ".
const PROMPT_PREFIX = /^(?:PS(?: [^>\n]*)?>\s*|[A-Za-z]:\\[^>\n]*>\s*|[\w.-]+@[\w.-]+(?::[^$#\n]*)?[$#]\s+|[$%>]\s+)/;
// A label introducing the command ("Here is the command:", "Run this:").
const LABEL = /^[A-Za-z][^`]*:$/;
// Prose: a capitalised word followed by a colon and text ("Note: careful"), or a sentence.
const PROSE_LABEL = /^[A-Z][A-Za-z ]{0,30}:\s+\S/;
const SENTENCE = /^[A-Z][a-z']*(?: [A-Za-z'’,()-]+){2,}[.!?:]?$/;
const INLINE_CODE = /`([^`\n]+)`/;
// Text before inline code that reads as prose ("Run: ", "You can use "), not as a command (echo `date`).
const PROSE_PREFIX = /^[A-Z][\w ,'’-]*:?\s+$/;
// A line ends with a continuation: bash "\", PowerShell "`", cmd "^", or a dangling pipe/and/or.
const CONTINUES = /(?:\\|`|\^|\||&&|\|\|)\s*$/;

function fencedBody(lines: string[]): string[] | undefined {
  for (let index = 0; index < lines.length; index++) {
    const open = FENCE_OPEN.exec(lines[index] ?? '');
    if (!open) continue;
    const marker = open[1] ?? '```';
    const body: string[] = [];
    for (let inner = index + 1; inner < lines.length; inner++) {
      const line = lines[inner] ?? '';
      const trimmed = line.trim();
      if (trimmed.startsWith(marker) && /^[`~]+$/.test(trimmed) && trimmed[0] === marker[0]) return body;
      body.push(line);
    }
    return body; // unclosed fence: the rest of the reply
  }
  return undefined;
}

function stripPrompt(line: string): string {
  return line.replace(PROMPT_PREFIX, '');
}

function unwrapBackticks(line: string): string {
  const whole = /^`+([^`]+)`+$/.exec(line);
  return whole ? (whole[1] ?? '').trim() : line;
}

/** The command in a model's reply ('' when there is none). Multi-line continued commands are kept whole. */
export function extractShellCommand(reply: string): string {
  const all = reply.replace(/\r\n?/g, '\n').split('\n');
  const body = fencedBody(all);
  const inFence = body !== undefined;
  const lines = body ?? all;
  for (let index = 0; index < lines.length; index++) {
    const line = (lines[index] ?? '').trim();
    if (line === '' || line.startsWith('#') || line.startsWith('//')) continue;
    if (!inFence) {
      // "Run: `ls -la`" — the command is the inline code of a prose line.
      const inline = INLINE_CODE.exec(line);
      if (inline && PROSE_PREFIX.test(line.slice(0, inline.index))) return stripPrompt((inline[1] ?? '').trim());
      if (LABEL.test(line) || PROSE_LABEL.test(line) || SENTENCE.test(line)) continue;
    } else if (LABEL.test(line)) continue;
    let command = unwrapBackticks(stripPrompt(line)).trim();
    if (command === '') continue;
    // Keep continued commands whole: the continuation lines follow, with any "> " prompt removed.
    const parts = [command];
    let current = command;
    while (CONTINUES.test(current) && index + 1 < lines.length) {
      index++;
      current = (lines[index] ?? '').replace(/^\s*>\s?/, '').trimEnd();
      if (current.trim() === '') break;
      parts.push(current);
    }
    command = parts.join('\n');
    return command;
  }
  return '';
}
