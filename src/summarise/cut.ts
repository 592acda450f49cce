// Unicode-safe cutting: never leaves half of a surrogate pair at a cut.

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}
function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}

/** Largest prefix of `text` of at most `maxUnits` UTF-16 units that does not split a surrogate pair. */
export function safePrefix(text: string, maxUnits: number): string {
  if (text.length <= maxUnits) return text;
  let end = Math.max(0, maxUnits);
  if (end > 0 && isHighSurrogate(text.charCodeAt(end - 1)) && isLowSurrogate(text.charCodeAt(end))) end--;
  return text.slice(0, end);
}

/** Largest suffix of `text` of at most `maxUnits` UTF-16 units that does not split a surrogate pair. */
export function safeSuffix(text: string, maxUnits: number): string {
  if (text.length <= maxUnits) return text;
  let start = text.length - Math.max(0, maxUnits);
  if (start < text.length && isLowSurrogate(text.charCodeAt(start)) && isHighSurrogate(text.charCodeAt(start - 1))) start++;
  return text.slice(start);
}

/** Largest prefix of a UTF-8 buffer of at most `maxBytes` that ends on a character boundary. */
export function safeUtf8PrefixLength(bytes: Uint8Array, maxBytes: number): number {
  let end = Math.min(maxBytes, bytes.length);
  // Step back over continuation bytes (10xxxxxx) to the start of the character that would be cut.
  if (end < bytes.length) {
    while (end > 0 && ((bytes[end] ?? 0) & 0xc0) === 0x80) end--;
  }
  return end;
}
