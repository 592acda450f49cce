// Kotlin: kotlinc's three shapes — the CLI's GNU head (`App.kt:3:5: error: msg` + source + caret), the
// build-tool renderer Gradle/Maven use (`e: file:///abs/App.kt:12:5 msg`, before Kotlin 1.8/Gradle 8
// `e: /abs/App.kt: (12, 5): msg`), and the linters ktlint and detekt that print a head with no severity.
// Link: https://kotlinlang.org/docs/command-line.html
import { Colon, Comma, Int, LParen, RParen, Space } from '../../engine/tokens.js';
import type { GrammarFormat, LineContext } from '../../engine/format.js';
import type { LineParser } from '../../engine/parser.js';
import { caretColumn, parseColonHead, plausiblePath, severityOf } from '../shared/common.js';
import { consumeUntil } from '../../engine/until.js';

export function defineKotlinRules(parser: LineParser): void {
  // `/abs/App.kt: (12, 5)` — the legacy renderer puts a colon and a space between path and position.
  parser.define('kotlinLegacyLocation', () => {
    consumeUntil(
      parser,
      20,
      (peek) => peek(1).tokenType === Colon && peek(2).tokenType === Space && peek(3).tokenType === LParen && peek(4).tokenType === Int,
    );
    parser.tok(1, Colon);
    parser.tok(1, Space);
    parser.tok(1, LParen);
    parser.tok(1, Int);
    parser.tok(1, Comma);
    parser.opt(1, () => parser.tok(2, Space));
    parser.tok(2, Int);
    parser.tok(1, RParen);
  });
}

const KOTLIN = /\.kts?$/;

function parseKotlin(context: LineContext): boolean {
  const text = context.text;
  const tag = /^([ewi]): /.exec(text);
  if (tag) {
    const severity = tag[1] === 'e' ? 'error' : tag[1] === 'w' ? 'warning' : 'note';
    const legacy = context.parse('kotlinLegacyLocation', { from: 3 });
    if (legacy) {
      const location = /^(.*): \((\d+), ?(\d+)\)$/.exec(context.slice(legacy.cst, legacy));
      const file = location?.[1] ?? '';
      if (!location || !plausiblePath(file)) return false;
      const message = text.slice(legacy.end).replace(/^:\s?/, '');
      context.emit({ file, line: Number(location[2]), column: Number(location[3]), severity, message });
      return true;
    }
    const head = parseColonHead(context, { from: 3 });
    if (!head || !head.rest.startsWith(' ')) return false;
    context.emit({ file: head.file, line: head.line, column: head.column, severity, message: head.rest.trim() });
    return true;
  }
  // The legacy renderer's row copied without its tag (Android Studio's Build pane shows it so): `/abs/App.kt: (12, 5): msg`.
  if (/^[^\s(]+\.kts?: \(\d/.test(text)) {
    const legacy = context.parse('kotlinLegacyLocation', { from: 0 });
    const location = legacy && /^(.*): \((\d+), ?(\d+)\)$/.exec(context.slice(legacy.cst, legacy));
    if (!legacy || !location || !plausiblePath(location[1] ?? '')) return false;
    const message = text.slice(legacy.end).replace(/^:\s?/, '');
    context.emit({ file: location[1] ?? '', line: Number(location[2]), column: Number(location[3]), severity: null, message });
    return true;
  }
  // kotlinc CLI: the source line and a caret line follow (the caret line copies the source's tabs).
  const head = parseColonHead(context);
  if (!head || !KOTLIN.test(head.file)) return false;
  const tail = /^: (error|warning|info|exception): (.*)$/.exec(head.rest);
  if (!tail) return false;
  const column = head.column ?? caretColumn(context.line(2));
  context.emit({ file: head.file, line: head.line, column, severity: severityOf(tail[1]) ?? 'error', message: tail[2] ?? '' });
  return true;
}

// A linter row: `path.kt:L:C: message (rule-id)` (ktlint) or `path.kt:L:C: message [RuleId]` (detekt).
function lintRow(context: LineContext, rule: RegExp): boolean {
  const head = parseColonHead(context);
  if (!head || !KOTLIN.test(head.file) || !head.rest.startsWith(': ')) return false;
  const message = head.rest.slice(2);
  const code = rule.exec(message);
  if (!code || /^(?:error|warning|info):/.test(message)) return false;
  context.emit({
    file: head.file,
    line: head.line,
    column: head.column,
    severity: 'error',
    code: code[1] ?? null,
    message: message.slice(0, code.index).trim(),
  });
  return true;
}

export const kotlin: GrammarFormat = {
  name: 'kotlin',
  language: 'Kotlin',
  description:
    '`kotlinc` / `gradle compileKotlin` / kotlin-maven-plugin: `e: file:///abs/App.kt:12:5 Unresolved reference: foo`, legacy `e: ' +
    "/abs/App.kt: (12, 5): msg`, `w:` warnings, and the CLI's `App.kt:3:5: error: msg` with a caret line.",
  columnBase: 1,
  // Kotlin PSI offsets are Java chars (UTF-16 units); the renderer adds 1 to line and column.
  columnUnit: 'utf-16',
  fields: ['file', 'line', 'column', 'severity', 'message'],
  observed: true,
  url: 'https://kotlinlang.org/docs/command-line.html',
  // The renderer's tags start the line (an absolute path or file: URL follows); the CLI head has `.kt:L`; an untagged
  // legacy row starts with its path.
  anchor: '^[ewi]: (?:file:|/|[A-Za-z]:[\\\\/])|\\.kts?:\\d+:\\d+: (?:error|warning|info|exception): |^[^\\s(]+\\.kts?: \\(\\d',
  parse: parseKotlin,
};

export const ktlint: GrammarFormat = {
  name: 'ktlint',
  language: 'Kotlin',
  description:
    '`ktlint` (plain reporter): `src/main/kotlin/A.kt:12:5: Unexpected blank line(s) before "}" (standard:no-blank-line-before-rbrace)`.',
  columnBase: 1,
  columnUnit: 'utf-16',
  fields: ['file', 'line', 'column', 'severity', 'message', 'code'],
  observed: false,
  url: 'https://pinterest.github.io/ktlint/latest/install/cli/',
  anchor: '\\.kts?:\\d+:\\d+: [^\\n]*\\)\\r?$',
  parse: (context) => lintRow(context, /\s\(((?:[\w-]+:)?[\w-]+)\)$/),
};

export const detekt: GrammarFormat = {
  name: 'detekt',
  language: 'Kotlin',
  description: '`detekt` / `gradle detekt` console report: `/abs/A.kt:12:5: This expression contains a magic number. … [MagicNumber]`.',
  columnBase: 1,
  columnUnit: 'utf-16',
  fields: ['file', 'line', 'column', 'severity', 'message', 'code'],
  observed: false,
  url: 'https://detekt.dev/docs/introduction/reporting/',
  anchor: '\\.kts?:\\d+:\\d+: [^\\n]*\\]\\r?$',
  parse: (context) => lintRow(context, /\s\[([A-Z][A-Za-z]+)\]$/),
};
