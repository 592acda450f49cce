// Deterministic fake secret values for the corpus: `{class:n}` is n characters of a class, `{uuid}` a
// UUID, everything else is copied. Seeded by the kind's name, so a value never changes between runs and
// no real credential is ever written down.

const CLASSES: Record<string, string> = {
  alnum: 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789',
  hex: '0123456789abcdef',
  b64: 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/',
  b64url: 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-',
  AZ09: 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789',
  digit: '0123456789',
  bech: 'QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L',
  // What password managers draw from, minus quotes, spaces, `#` (a comment), `@` and `:` (URL userinfo).
  pw: 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789!%*+-.^_~',
};

/** mulberry32: small, seedable, good enough for test data. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function seedOf(name: string): number {
  let hash = 0x811c9dc5;
  for (const character of name) hash = Math.imul(hash ^ character.charCodeAt(0), 0x01000193) >>> 0;
  return hash;
}

function draw(random: () => number, alphabet: string, length: number): string {
  let out = '';
  for (let index = 0; index < length; index++) out += alphabet[Math.floor(random() * alphabet.length)];
  return out;
}

/** The value of `template` for `name`. `{punct:n}` puts `,` `;` `)` inside an alphanumeric value. */
export function generateSecret(template: string, name: string): string {
  const random = seededRandom(seedOf(name));
  return template.replace(/\{(\w+)(?::(\d+))?\}/g, (_, kind: string, size: string | undefined) => {
    const length = Number(size ?? 0);
    if (kind === 'uuid') return [8, 4, 4, 4, 12].map((part) => draw(random, CLASSES.hex ?? '', part)).join('-');
    if (kind === 'punct') {
      const body = draw(random, CLASSES.alnum ?? '', length - 3);
      const third = Math.floor(body.length / 3);
      return `${body.slice(0, third)},${body.slice(third, 2 * third)};${body.slice(2 * third, -1)})${body.slice(-1)}`;
    }
    const alphabet = CLASSES[kind];
    if (alphabet === undefined) throw new Error(`unknown class ${kind} in ${template}`);
    return draw(random, alphabet, length);
  });
}
