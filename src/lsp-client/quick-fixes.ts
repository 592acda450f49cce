// faultline fix --lsp (issue 23): for a located diagnostic its tool offered no fix for, the running language
// server's quick fixes (`textDocument/codeAction` with the diagnostic in `context.diagnostics`, only `quickfix`).
// A server's quick fix is never `safe`: `isPreferred` is its only hint, and it only orders the alternatives.
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { RawFix, RawFixEdit, ResolvedLocation } from '../core/index.js';
import type { ServerPool } from './pool.js';
import { sleep } from './timing.js';

/** Waits before asking a server again while it may still be loading (about 6 s in all, once per server). */
const WARM_UP_DELAYS_MS = [250, 500, 1000, 1500, 2500];

export interface QuickFixOptions {
  pool: ServerPool;
  /** Per server request (the first one also starts the server). */
  timeoutMs: number;
  signal?: AbortSignal;
}

interface LspPosition {
  line: number;
  character: number;
}
interface LspTextEdit {
  range: { start: LspPosition; end: LspPosition };
  newText: string;
}
interface LspCodeAction {
  title?: string;
  kind?: string;
  isPreferred?: boolean;
  edit?: {
    changes?: Record<string, LspTextEdit[]>;
    documentChanges?: Array<{ textDocument?: { uri?: string }; edits?: LspTextEdit[]; kind?: string }>;
  };
}

/** The diagnostic's number as the server knows it: tsc prints `TS2552`, tsserver matches fixes on 2552. */
function lspCode(code: string | null): number | string | undefined {
  if (code === null) return undefined;
  const tsc = /^TS(\d+)$/.exec(code);
  return tsc ? Number(tsc[1]) : code;
}

function point(position: LspPosition | undefined): RawFixEdit['start'] | undefined {
  if (!position || !Number.isInteger(position.line) || !Number.isInteger(position.character) || position.line < 0 || position.character < 0)
    return undefined;
  return { line: position.line + 1, column: position.character + 1, unit: 'utf-16' };
}

function editsOf(action: LspCodeAction): RawFixEdit[] | undefined {
  const byUri: Array<[string, LspTextEdit[]]> = Object.entries(action.edit?.changes ?? {});
  for (const change of action.edit?.documentChanges ?? []) {
    // A file created, renamed or deleted is no edit faultline can check against the file: the action is skipped.
    if (change.kind !== undefined || typeof change.textDocument?.uri !== 'string') return undefined;
    byUri.push([change.textDocument.uri, change.edits ?? []]);
  }
  const edits: RawFixEdit[] = [];
  for (const [uri, list] of byUri) {
    if (!uri.startsWith('file:')) return undefined;
    const file = fileURLToPath(uri);
    for (const edit of list) {
      const start = point(edit.range?.start);
      const end = point(edit.range?.end);
      if (!start || !end || typeof edit.newText !== 'string') return undefined;
      edits.push({ file, start, end, newText: edit.newText });
    }
  }
  return edits.length > 0 ? edits : undefined;
}

function wordLength(text: string, line: number, character: number): number {
  let start = 0;
  for (let index = 0; index < line; index++) {
    start = text.indexOf('\n', start) + 1;
    if (start === 0) return 0;
  }
  const end = text.indexOf('\n', start);
  const lineText = text.slice(start, end < 0 ? text.length : end);
  return /^[\p{L}\p{N}_$]+/u.exec(lineText.slice(character))?.[0].length ?? 0;
}

/** The quick fixes one server offers for one location, preferred first; all `review`, one group per diagnostic. */
async function quickFixesFor(location: ResolvedLocation, text: string, options: QuickFixOptions, warm: Set<string>): Promise<RawFix[]> {
  const line = location.line - 1;
  const character = (location.column ?? 1) - 1;
  const endLine = (location.endLine ?? location.line) - 1;
  // A tool that prints only where the range starts (tsc's text form) points at a token; servers match their fixes
  // on the diagnostic's span (tsserver finds none for an empty one), so the span is the word starting there.
  const endCharacter = location.endColumn === null ? character + wordLength(text, line, character) : location.endColumn;
  const code = lspCode(location.code);
  const diagnostic = {
    range: {
      start: { line, character },
      end: { line: endLine, character: endLine === line ? Math.max(endCharacter, character) : endCharacter },
    },
    message: location.message,
    severity: location.severity === 'error' ? 1 : location.severity === 'warning' ? 2 : 3,
    ...(code !== undefined ? { code } : {}),
  };
  const ask = () =>
    options.pool.requestOnFile<Array<LspCodeAction | { command: string }> | null>(
      {
        root: location.root,
        file: location.absolutePath,
        text,
        timeoutMs: options.timeoutMs,
        ...(options.signal ? { signal: options.signal } : {}),
      },
      'textDocument/codeAction',
      (uri) => ({ textDocument: { uri }, range: diagnostic.range, context: { diagnostics: [diagnostic], only: ['quickfix'] } }),
    );
  let answered = await ask();
  if (!answered) return [];
  // A server still loading its project answers nothing (tsserver does, for its first files): until one of its
  // answers held an action, an empty one is asked again, within a bounded warm-up per server.
  for (let attempt = 0; (answered?.answer ?? []).length === 0 && !warm.has(answered!.server); attempt++) {
    const wait = WARM_UP_DELAYS_MS[attempt];
    if (wait === undefined) {
      warm.add(answered!.server);
      break;
    }
    await sleep(wait);
    answered = await ask();
    if (!answered) return [];
  }
  if ((answered.answer ?? []).length > 0) warm.add(answered.server);
  const actions = (answered.answer ?? []).filter(
    (entry): entry is LspCodeAction =>
      !('command' in entry && typeof entry.command === 'string') && (entry as LspCodeAction).kind?.startsWith('quickfix') !== false,
  );
  const group = `lsp:${answered.server}:${location.logLine}:${location.line}:${location.column ?? 0}`;
  const fixes: RawFix[] = [];
  for (const action of [...actions].sort((a, b) => Number(b.isPreferred === true) - Number(a.isPreferred === true))) {
    const edits = editsOf(action);
    if (!edits) continue;
    const title = typeof action.title === 'string' ? action.title : location.message;
    fixes.push({
      source: `lsp:${answered.server}`,
      safety: 'review',
      description: action.isPreferred === true ? `${title} (preferred)` : title,
      edits,
      group,
    });
  }
  return fixes;
}

/**
 * Adds the servers' quick fixes to each located diagnostic (with a column) that carries no fix of its tool. A
 * server that cannot start or answer leaves its diagnostics as they were; what went wrong is returned.
 */
export async function addQuickFixes(locations: readonly ResolvedLocation[], options: QuickFixOptions): Promise<string[]> {
  const problems = new Set<string>();
  const warm = new Set<string>();
  const texts = new Map<string, Promise<string | undefined>>();
  for (const location of locations) {
    if ((location.fixes?.length ?? 0) > 0 || location.column === null || location.role === 'related' || location.frame !== undefined)
      continue;
    let text = texts.get(location.absolutePath);
    if (!text) texts.set(location.absolutePath, (text = readFile(location.absolutePath, 'utf8').catch(() => undefined)));
    const content = await text;
    if (content === undefined) continue;
    try {
      const fixes = await quickFixesFor(location, content, options, warm);
      if (fixes.length > 0) location.fixes = fixes;
    } catch (error) {
      problems.add(error instanceof Error ? error.message : String(error));
    }
  }
  return [...problems];
}
