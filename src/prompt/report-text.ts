// The text a JSON or XML report carries, decoded, for a prompt. A prompt over a report used to show the raw
// report, where a token split by a JSON escape (`\u0041`), an XML entity (`&#65;`), a CDATA boundary or two
// `go test -json` Output events reads as two harmless halves to the redactor and as one token to a model.
// Redacting the decoded text closes that: the secret is whole there, and the raw form is never shown.

export type ReportKind = 'json' | 'xml';

/** 'json' or 'xml' when the log's first bytes open a report; null for text. */
export function reportKind(head: string): ReportKind | null {
  const first = head.replace(/^\uFEFF/, '').trimStart()[0];
  if (first === '{' || first === '[') return 'json';
  if (first === '<') return 'xml';
  return null;
}

const JSON_ESCAPE = /\\(?:u([0-9a-fA-F]{4})|(["\\/bfnrt]))/g;
const SIMPLE: Record<string, string> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };

// A line that is no whole JSON value (a pretty-printed document, or the first line of a tail cut mid-event).
function unescapeJson(text: string): string {
  return text.replace(JSON_ESCAPE, (_, hex: string | undefined, simple: string | undefined) =>
    hex !== undefined ? String.fromCharCode(Number.parseInt(hex, 16)) : SIMPLE[simple!]!,
  );
}

function strings(value: unknown, out: string[]): void {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const item of value) strings(item, out);
  else if (value !== null && typeof value === 'object') for (const item of Object.values(value)) strings(item, out);
}

// go test -json: an event's Output is a piece of the test's output, often a part of a line; consecutive
// pieces are joined as the test printed them. Any other value shows its strings, one per line.
function decodeJson(text: string): string {
  const out: string[] = [];
  let output = '';
  const flush = (): void => {
    if (output !== '') out.push(output.endsWith('\n') ? output.slice(0, -1) : output);
    output = '';
  };
  for (const line of text.split('\n')) {
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      flush();
      out.push(unescapeJson(line));
      continue;
    }
    if (value !== null && typeof value === 'object' && typeof (value as { Output?: unknown }).Output === 'string') {
      output += (value as { Output: string }).Output;
      continue;
    }
    flush();
    const found: string[] = [];
    strings(value, found);
    out.push(...found);
  }
  flush();
  return out.join('\n');
}

const ENTITY = /&(?:#(\d{1,7})|#[xX]([0-9a-fA-F]{1,6})|(lt|gt|amp|quot|apos));/g;
const NAMED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

function decodeEntities(text: string): string {
  return text.replace(ENTITY, (whole, decimal: string | undefined, hex: string | undefined, name: string | undefined) => {
    if (name !== undefined) return NAMED[name]!;
    const code = decimal !== undefined ? Number(decimal) : Number.parseInt(hex!, 16);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

// CDATA contents are literal; everything else has its entities decoded. A section cut by the tail's start or
// end is unwrapped as far as it is seen.
function decodeXml(text: string): string {
  let out = '';
  let rest = text;
  const close = rest.indexOf(']]>');
  const open = rest.indexOf('<![CDATA[');
  if (close >= 0 && (open < 0 || close < open)) {
    out += rest.slice(0, close);
    rest = rest.slice(close + 3);
  }
  for (;;) {
    const start = rest.indexOf('<![CDATA[');
    if (start < 0) return out + decodeEntities(rest);
    out += decodeEntities(rest.slice(0, start));
    const end = rest.indexOf(']]>', start + 9);
    if (end < 0) return out + rest.slice(start + 9);
    out += rest.slice(start + 9, end);
    rest = rest.slice(end + 3);
  }
}

/** The report's text as decoded (see the file comment). */
export function decodeReportText(text: string, kind: ReportKind): string {
  return kind === 'json' ? decodeJson(text) : decodeXml(text);
}
