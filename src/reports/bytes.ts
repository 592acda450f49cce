// The router reads latin1 slices (one char per byte, as readLog gives them): the parsers want bytes or text.

const decoder = new TextDecoder('utf-8');

/** The bytes a latin1 slice stands for. */
export function latin1Bytes(latin1: string): Uint8Array {
  const bytes = new Uint8Array(latin1.length);
  for (let index = 0; index < latin1.length; index++) bytes[index] = latin1.charCodeAt(index);
  return bytes;
}

/** A latin1 slice decoded as the UTF-8 text it holds. */
export function latin1ToText(latin1: string): string {
  return /[^\x00-\x7f]/.test(latin1) ? decoder.decode(latin1Bytes(latin1)) : latin1;
}
