// A bash word's static value from its text: quote removal and globs of an unquoted word, ANSI-C `$'…'`
// strings, `~`/`~user` and brace expansion. bash.ts walks the word nodes (and the substitutions inside them)
// and calls these on what it finds.
import type { SyntaxNode } from './parser.js';
import { ANY, expandBraces, literal, userHome } from './expand.js';
import type { Word } from './types.js';

const WORD_NODES = new Set([
  'word',
  'number',
  'string',
  'raw_string',
  'ansi_c_string',
  'translated_string',
  'concatenation',
  'simple_expansion',
  'expansion',
  'command_substitution',
  'process_substitution',
  'arithmetic_expansion',
  'brace_expression',
]);

export function isWordNode(node: SyntaxNode): boolean {
  return WORD_NODES.has(node.type);
}

export function unescapeWord(text: string): { value: string; glob: boolean; pattern: string } {
  let value = '';
  let pattern = '';
  let glob = false;
  for (let at = 0; at < text.length; at++) {
    const char = text[at]!;
    if (char === '\\') {
      // `\` + newline is a line continuation; any other escaped character stands for itself (`\rm` is rm).
      if (text[at + 1] === '\n') at++;
      else if (at + 1 < text.length) {
        value += text[++at];
        pattern += literal(text[at]!);
      }
      continue;
    }
    if (char === '*' || char === '?' || char === '[') glob = true;
    value += char;
    pattern += '*?[]{},'.includes(char) ? char : literal(char);
  }
  return { value, glob, pattern };
}

// `~` and `~user` at the start of an unquoted word; `~nobody` (no such user) stays literal, as in bash.
export function tilde(word: Word, home: string): Word {
  // `~+` and `~-` are $PWD and $OLDPWD: computed here.
  if (/^~[+-](?=\/|$)/.test(word.pattern ?? '')) return { ...word, value: null, pattern: ANY + word.pattern!.slice(2) };
  const match = /^~([A-Za-z0-9._-]*)(?=\/|$)/.exec(word.pattern ?? '');
  if (!match) return word;
  const expanded = match[1] === '' ? home : userHome(match[1]!);
  if (expanded === null) return word;
  const rest = word.pattern!.slice(match[0].length);
  return { ...word, pattern: literal(expanded) + rest, value: word.value === null ? null : expanded + word.value.slice(match[0].length) };
}

// Unquoted braces expand into several words (`{.e,x}nv` is `.env xnv`): the word is no longer one static value.
export function braces(word: Word): Word {
  if (word.pattern === undefined || !word.pattern.includes('{')) return word;
  const expanded = expandBraces(word.pattern);
  return expanded.length === 1 && expanded[0] === word.pattern ? word : { ...word, value: null, glob: true };
}

export function isHome(node: SyntaxNode): boolean {
  return (node.type === 'simple_expansion' || node.type === 'expansion') && /^\$\{?HOME\}?$/.test(node.text);
}

export function ansiC(text: string): string | null {
  const body = text.slice(2, -1);
  if (!body.includes('\\')) return body;
  const simple: Record<string, string> = {
    n: '\n',
    t: '\t',
    r: '\r',
    '\\': '\\',
    "'": "'",
    '"': '"',
    a: '\x07',
    b: '\b',
    e: '\x1b',
    f: '\f',
    v: '\v',
  };
  let out = '';
  for (let at = 0; at < body.length; at++) {
    if (body[at] !== '\\') {
      out += body[at];
      continue;
    }
    const next = body[++at] ?? '';
    if (simple[next] !== undefined) out += simple[next];
    else return null; // \x41, \101, \u…: computed characters, not read statically
  }
  return out;
}

export function quoted(value: string | null, text: string): Word {
  return { value, glob: false, text, pattern: value === null ? ANY : literal(value) };
}
