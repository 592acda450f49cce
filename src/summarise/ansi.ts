// Complete removal of terminal control sequences (ECMA-48 / ISO 6429), for text already decoded as UTF-8.
// strip-ansi (ansi-regex) misses DCS/SOS/PM/APC strings, colon-separated SGR and several single-character
// escapes; seeds-lessons §4 case 2 lists them. This scanner is linear and allocation-light.

const ESC = 0x1b;
const BEL = 0x07;
const C1_CSI = 0x9b;
const C1_ST = 0x9c;
const C1_OSC = 0x9d;
const C1_DCS = 0x90;
const C1_SOS = 0x98;
const C1_PM = 0x9e;
const C1_APC = 0x9f;

// A control string (OSC, DCS, SOS, PM, APC) runs to ST (ESC \ or U+009C) or, for OSC in practice, BEL.
function skipControlString(text: string, from: number): number {
  for (let index = from; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code === BEL || code === C1_ST) return index + 1;
    if (code === ESC && text.charCodeAt(index + 1) === 0x5c) return index + 2;
    // An unterminated string ends at the line end: the rest of the line is not swallowed past it.
    if (code === 0x0a) return index;
  }
  return text.length;
}

// CSI: parameter bytes 0x30–0x3F (digits, ; : < = > ?), intermediates 0x20–0x2F, one final byte 0x40–0x7E.
function skipCsi(text: string, from: number): number {
  let index = from;
  while (index < text.length) {
    const code = text.charCodeAt(index);
    if (code >= 0x30 && code <= 0x3f) index++;
    else break;
  }
  while (index < text.length) {
    const code = text.charCodeAt(index);
    if (code >= 0x20 && code <= 0x2f) index++;
    else break;
  }
  const final = text.charCodeAt(index);
  return final >= 0x40 && final <= 0x7e ? index + 1 : index;
}

function skipEscape(text: string, escIndex: number): number {
  const next = text.charCodeAt(escIndex + 1);
  if (Number.isNaN(next)) return escIndex + 1;
  if (next === 0x5b) return skipCsi(text, escIndex + 2); // ESC [
  if (next === 0x5d || next === 0x50 || next === 0x58 || next === 0x5e || next === 0x5f) {
    return skipControlString(text, escIndex + 2); // ESC ] P X ^ _
  }
  if (next >= 0x20 && next <= 0x2f) {
    // nF escape (charset designation such as ESC ( B): intermediates then one final byte.
    let index = escIndex + 1;
    while (index < text.length && text.charCodeAt(index) >= 0x20 && text.charCodeAt(index) <= 0x2f) index++;
    return index < text.length ? index + 1 : index;
  }
  if (next >= 0x30 && next <= 0x7e) return escIndex + 2; // Fp, Fe, Fs: ESC 7, ESC =, ESC M …
  return escIndex + 1;
}

/** True when the text holds any escape or C1 control that stripAnsi would remove. */
export function hasAnsi(text: string): boolean {
  return /[\u001b\u0080-\u009f]/.test(text);
}

/**
 * Where the escape sequence or C1 control starting at `index` ends (exclusive), or -1 when none starts
 * there. Exported so redaction can map shown text back to raw offsets with exactly these rules.
 */
export function escapeEnd(text: string, index: number): number {
  const code = text.charCodeAt(index);
  if (code === ESC) return skipEscape(text, index);
  if (code === C1_CSI) return skipCsi(text, index + 1);
  if (code === C1_OSC || code === C1_DCS || code === C1_SOS || code === C1_PM || code === C1_APC) return skipControlString(text, index + 1);
  if (code >= 0x80 && code <= 0x9f) return index + 1;
  return -1;
}

/** Removes every ANSI/ECMA-48 escape sequence and C1 control from `text`. */
export function stripAnsi(text: string): string {
  if (!hasAnsi(text)) return text;
  let out = '';
  let copyFrom = 0;
  let index = 0;
  while (index < text.length) {
    const end = escapeEnd(text, index);
    if (end < 0) {
      index++;
      continue;
    }
    out += text.slice(copyFrom, index);
    index = Math.max(end, index + 1);
    copyFrom = index;
  }
  return out + text.slice(copyFrom);
}
