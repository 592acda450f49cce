// Code actions and hover for the run diagnostics. A fix becomes a quick fix only while every file it edits is
// exactly what it was collected on (digest) and, when open, unchanged in the editor: otherwise its ranges would
// land on other text. Safe fixes are preferred (an editor may apply them with one key), review ones are offered.
import { readFileSync } from 'node:fs';
import type { CodeAction, Hover, Position, Range, TextEdit } from 'vscode-languageserver-protocol/node.js';
import { readArtifact } from '../capture/index.js';
import type { Fix } from '../core/index.js';
import { digestOf } from '../fix/text.js';
import { explainLocations } from '../lsp-client/index.js';
import { formatRunHeader, summariseError } from '../summarise/index.js';
import { fromUtf16, type PositionEncoding } from './encoding.js';
import { splitLines } from './line-map.js';
import type { RunEntry, StoredDiagnostic } from './store.js';
import { uriOf } from './to-diagnostics.js';

interface ActionContext {
  encoding: PositionEncoding;
  /** The open document's text, or undefined when it is not open. */
  openText(uri: string): string | undefined;
}

function before(a: Position, b: Position): boolean {
  return a.line < b.line || (a.line === b.line && a.character < b.character);
}

function overlaps(a: Range, b: Range): boolean {
  return !before(a.end, b.start) && !before(b.end, a.start);
}

function editsOf(fix: Fix, context: ActionContext): Record<string, TextEdit[]> | undefined {
  const changes: Record<string, TextEdit[]> = {};
  for (const edit of fix.edits) {
    let bytes: Buffer;
    try {
      bytes = readFileSync(edit.absolutePath);
    } catch {
      return undefined;
    }
    if (digestOf(bytes) !== edit.digest) return undefined;
    const text = bytes.toString('utf8').replace(/^\uFEFF/, '');
    const uri = uriOf(edit.absolutePath);
    const open = context.openText(uri);
    if (open !== undefined && open.replace(/^\uFEFF/, '') !== text) return undefined;
    const lines = splitLines(text);
    const at = (line: number, column: number) => ({
      line: line - 1,
      character: fromUtf16(lines[line - 1] ?? '', column - 1, context.encoding),
    });
    (changes[uri] ??= []).push({
      range: { start: at(edit.range.start.line, edit.range.start.column), end: at(edit.range.end.line, edit.range.end.column) },
      newText: edit.newText,
    });
  }
  return changes;
}

export function codeActionsFor(items: readonly StoredDiagnostic[], range: Range, context: ActionContext): CodeAction[] {
  const actions: CodeAction[] = [];
  for (const item of items) {
    if (!overlaps(item.diagnostic.range, range)) continue;
    for (const fix of item.fixes) {
      if (fix.safety === 'display') continue;
      const changes = editsOf(fix, context);
      if (!changes) continue;
      actions.push({
        title: `${fix.description}${fix.safety === 'review' ? ' (review)' : ''}`,
        kind: 'quickfix',
        diagnostics: [item.diagnostic],
        ...(fix.safety === 'safe' ? { isPreferred: true } : {}),
        edit: { changes },
      });
    }
  }
  return actions;
}

function contains(range: Range, position: Position): boolean {
  return !before(position, range.start) && !before(range.end, position);
}

export function diagnosticsAt(items: readonly StoredDiagnostic[], position: Position): StoredDiagnostic[] {
  return items.filter((item) => contains(item.diagnostic.range, position));
}

/** The run's summary around the diagnostic's log line (a page of the artifact, never the whole log). */
async function summaryOf(entry: RunEntry, item: StoredDiagnostic): Promise<string> {
  if (!entry.run.artifactPath) return '';
  const around = Math.max(1, item.location.logLine - 30);
  const page = await readArtifact({ artifact: entry.run.artifactPath, offset: around, limit: 80 }).catch(() => undefined);
  if (!page) return '';
  return summariseError({ lines: page.lines.map((line) => line.text), primaryLogLine: item.location.logLine - around + 1 }).text;
}

/** Hover on a run diagnostic: its message, the enclosing symbol (tree-sitter) and the run's summary. */
export async function hoverFor(item: StoredDiagnostic, entry: RunEntry | undefined): Promise<Hover> {
  const parts = [`**${item.diagnostic.source ?? 'faultline'}**: ${item.diagnostic.message}`];
  // Tree-sitter, not a language server: a hover must answer at once, and the editor runs its own servers.
  const [explained] = await explainLocations({ locations: [item.location], noLsp: true, limit: 1 }).catch(() => []);
  if (explained?.symbol)
    parts.push(
      `in ${explained.symbol.kind} \`${explained.symbol.name}\` (lines ${explained.symbol.startLine}–${explained.symbol.endLine})`,
    );
  if (entry) {
    parts.push('```text\n' + formatRunHeader({ command: entry.run.command, cwd: entry.run.cwd, exitCode: entry.run.exitCode }) + '\n```');
    const summary = await summaryOf(entry, item);
    if (summary) parts.push('```text\n' + summary + '\n```');
  }
  return { contents: { kind: 'markdown', value: parts.join('\n\n') }, range: item.diagnostic.range };
}
