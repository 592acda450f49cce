// Position units (LSP 3.17 general.positionEncodings): UTF-16 code units unless the client offers UTF-8 or UTF-32.
// faultline's own columns are converted to UTF-16 first (core/position.ts); this turns those into the client's unit.
export type PositionEncoding = 'utf-8' | 'utf-16' | 'utf-32';

const SUPPORTED: readonly PositionEncoding[] = ['utf-8', 'utf-16', 'utf-32'];

/** The client's first offered encoding we speak; UTF-16 (the protocol's default) when it offers none. */
export function chooseEncoding(offered: unknown): PositionEncoding {
  if (!Array.isArray(offered)) return 'utf-16';
  const first = offered.find((entry): entry is PositionEncoding => SUPPORTED.includes(entry as PositionEncoding));
  return first ?? 'utf-16';
}

function utf8Length(codePoint: number): number {
  return codePoint < 0x80 ? 1 : codePoint < 0x800 ? 2 : codePoint < 0x10000 ? 3 : 4;
}

/** A 0-based UTF-16 offset into `lineText` as a 0-based character in `encoding`. */
export function fromUtf16(lineText: string, offset: number, encoding: PositionEncoding): number {
  const end = Math.min(Math.max(0, offset), lineText.length);
  if (encoding === 'utf-16') return end;
  let counted = 0;
  for (let index = 0; index < end;) {
    const codePoint = lineText.codePointAt(index) ?? 0;
    counted += encoding === 'utf-8' ? utf8Length(codePoint) : 1;
    index += codePoint > 0xffff ? 2 : 1;
  }
  return counted;
}

/** A 0-based character in `encoding` as a 0-based UTF-16 offset into `lineText` (the inverse of fromUtf16). */
export function toUtf16(lineText: string, character: number, encoding: PositionEncoding): number {
  if (encoding === 'utf-16') return Math.min(Math.max(0, character), lineText.length);
  let counted = 0;
  let index = 0;
  while (index < lineText.length && counted < character) {
    const codePoint = lineText.codePointAt(index) ?? 0;
    counted += encoding === 'utf-8' ? utf8Length(codePoint) : 1;
    index += codePoint > 0xffff ? 2 : 1;
  }
  return index;
}
