// Fixes for review tools: SARIF 2.1.0 `fixes` (artifactChanges → replacements, UTF-16 columns, end exclusive, as
// SARIF's default columnKind) and reviewdog rdjsonl `suggestions` (which `reviewdog -f=rdjsonl
// -reporter=github-pr-review` posts as suggestion comments; rdjson columns are UTF-8 bytes, end exclusive).
import { readFileSync } from 'node:fs';
import type { Fix, FixEdit, FixPosition } from '../core/index.js';
import { FileText } from './text.js';

const SARIF_SCHEMA = 'https://json.schemastore.org/sarif-2.1.0.json';
const encoder = new TextEncoder();

function level(fix: Fix): 'error' | 'warning' | 'note' {
  return fix.diagnostic?.severity ?? 'warning';
}

export function fixesToSarif(fixes: readonly Fix[]): object {
  const results = fixes.map((fix) => {
    const anchor = fix.diagnostic ?? {
      file: fix.edits[0]?.file ?? '',
      line: fix.edits[0]?.range.start.line ?? 1,
      column: fix.edits[0]?.range.start.column ?? 1,
      message: fix.description,
      code: null,
    };
    const byFile = new Map<string, FixEdit[]>();
    for (const edit of fix.edits) {
      const list = byFile.get(edit.file);
      if (list) list.push(edit);
      else byFile.set(edit.file, [edit]);
    }
    return {
      ...(anchor.code ? { ruleId: anchor.code } : {}),
      level: level(fix),
      message: { text: anchor.message || fix.description },
      locations: [
        {
          physicalLocation: {
            artifactLocation: { uri: anchor.file },
            region: { startLine: anchor.line, ...(anchor.column !== null ? { startColumn: anchor.column } : {}) },
          },
        },
      ],
      fixes: [
        {
          description: { text: `${fix.description} (${fix.source}, ${fix.safety})` },
          artifactChanges: [...byFile].map(([file, edits]) => ({
            artifactLocation: { uri: file },
            replacements: edits.map((edit) => ({
              deletedRegion: {
                startLine: edit.range.start.line,
                startColumn: edit.range.start.column,
                endLine: edit.range.end.line,
                endColumn: edit.range.end.column,
              },
              insertedContent: { text: edit.newText },
            })),
          })),
        },
      ],
    };
  });
  return {
    $schema: SARIF_SCHEMA,
    version: '2.1.0',
    runs: [
      {
        tool: { driver: { name: 'faultline', informationUri: 'https://github.com/OWNER/faultline', rules: [] } },
        columnKind: 'utf16CodeUnits',
        results,
      },
    ],
  };
}

/** The edit's position as rdjson's 1-based UTF-8 byte column, from the file's line (read once per file). */
function byteColumn(texts: Map<string, FileText | undefined>, edit: FixEdit, position: FixPosition): number {
  if (!texts.has(edit.absolutePath)) {
    let text: FileText | undefined;
    try {
      text = FileText.of(new Uint8Array(readFileSync(edit.absolutePath)));
    } catch {
      text = undefined;
    }
    texts.set(edit.absolutePath, text);
  }
  const line = texts.get(edit.absolutePath)?.lineText(position.line) ?? '';
  return encoder.encode(line.slice(0, position.column - 1)).length + 1;
}

export function fixesToRdjsonl(fixes: readonly Fix[]): string {
  const texts = new Map<string, FileText | undefined>();
  const lines: string[] = [];
  for (const fix of fixes) {
    const first = fix.edits[0];
    if (!first) continue;
    const range = (edit: FixEdit) => ({
      start: { line: edit.range.start.line, column: byteColumn(texts, edit, edit.range.start) },
      end: { line: edit.range.end.line, column: byteColumn(texts, edit, edit.range.end) },
    });
    // rdjson suggestions edit the diagnostic's own file: a fix across files is listed once per file.
    for (const file of new Set(fix.edits.map((edit) => edit.file))) {
      const edits = fix.edits.filter((edit) => edit.file === file);
      const anchor = fix.diagnostic && fix.diagnostic.file === file ? fix.diagnostic : undefined;
      const severity = (anchor?.severity ?? 'warning').toUpperCase();
      lines.push(
        JSON.stringify({
          message: anchor?.message ?? fix.description,
          location: { path: file, range: range(edits[0]!) },
          severity: severity === 'NOTE' ? 'INFO' : severity,
          source: { name: fix.source },
          ...(anchor?.code ? { code: { value: anchor.code } } : {}),
          suggestions: edits.map((edit) => ({ range: range(edit), text: edit.newText })),
        }),
      );
    }
  }
  return lines.length === 0 ? '' : `${lines.join('\n')}\n`;
}
