// Judging a value found after a secret-looking name: is it a secret, or something about one (a path, a
// version, a placeholder, a code reference, a public digest)? Randomness is judged against the most a
// value of that length and alphabet can have, so a 10-character password and a 32-hex key are held to
// what is possible for them (a fixed 3.5-bit cut can never pass 10 characters: log2(10) ≈ 3.32).

/** Shannon entropy in bits per character. */
export function shannonEntropy(text: string): number {
  if (text.length === 0) return 0;
  const counts = new Map<string, number>();
  for (const character of text) counts.set(character, (counts.get(character) ?? 0) + 1);
  let entropy = 0;
  const length = [...text].length;
  for (const count of counts.values()) {
    const p = count / length;
    entropy -= p * Math.log2(p);
  }
  return entropy;
}

/** Size of the alphabet a value seems drawn from: hex, or the union of the character classes it uses. */
function alphabetSize(value: string): number {
  if (/^(?:[0-9a-f]+|[0-9A-F]+)$/.test(value)) return 16;
  let size = 0;
  if (/[a-z]/.test(value)) size += 26;
  if (/[A-Z]/.test(value)) size += 26;
  if (/[0-9]/.test(value)) size += 10;
  if (/[^A-Za-z0-9]/.test(value)) size += 32;
  return size;
}

// Of 10 000 seeded random values per shape (10/12 alphanumerics, 10 with symbols, 32 hex, 40 base64), the
// lowest ratio was 0.71; repeated or patterned values (xxxx…, 2024-01-01T00:00:00Z) fall well below.
const MIN_RANDOMNESS = 0.68;

/** Entropy as a share of the most a value of this length and alphabet can have (log2 min(n, alphabet)). */
export function randomness(value: string): number {
  const length = [...value].length;
  const most = Math.log2(Math.min(length, alphabetSize(value)));
  return most <= 0 ? 0 : shannonEntropy(value) / most;
}

export function looksRandom(value: string): boolean {
  return randomness(value) >= MIN_RANDOMNESS;
}

// Values people write where a secret would go, which are not secrets (seeds-lessons §1.13).
const PLACEHOLDER = new RegExp(
  String.raw`^(?:\$\{.*\}|\$\(.*\)|\$[A-Za-z_][A-Za-z0-9_]*|%[A-Z_][A-Z0-9_]*%|<.*>|\{\{.*\}\}|\{[A-Za-z_]+\}|x+|X+|\*+|\.{3,}|•+` +
    String.raw`|#+|…)$|\[REDACTED|your[_-]|example|changeme|change_me|placeholder|dummy|redacted|secrets\.|process\.env|os\.environ` +
    String.raw`|getenv|^(?:true|false|null|none|nil|undefined|yes|no|required|optional|string|str|bool|boolean|int|number)$`,
  'i',
);

export function isPlaceholder(value: string): boolean {
  return (
    PLACEHOLDER.test(value) ||
    /^(?:\$\{|\$\(|\{\{|%\()/.test(value) ||
    /^(.)\1+$/.test(value) ||
    /^(?:x{4,}|X{4,}|\*{4,})[-_.]?|x{8,}|X{8,}|\*{8,}/.test(value)
  );
}

// Hash-like values (git SHAs, sha256/sha512 digests, UUIDs, SRI integrity) are high-entropy but public.
const HASH_LIKE = new RegExp(
  String.raw`^(?:[0-9a-f]{7,40}|[0-9a-f]{64}|[0-9a-f]{128}|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|sha(?:1|256` +
    String.raw`|384|512)[-:][A-Za-z0-9+/]+={0,2})$`,
  'i',
);

export function isHashLike(value: string): boolean {
  return HASH_LIKE.test(value);
}

const STRONG_NAME = new RegExp(
  String.raw`passw(?:or)?d|passwd|pwd|secret|token|credential|creds|private[_-]?key|api[_-]?key|access[_-]?key|auth(?!or)|session` +
    String.raw`|cookie|signature|(?:^|[_.-])sig$`,
  'i',
);
const WEAK_NAME = /(?:^|[_.-])key(?:$|[_.-])|^key$|client[_-]?id|[a-z]Key$/i;

// Names that hold something *about* a secret (its hash, id, name, file, length), not the secret.
const ABOUT_SECRET_NAME = new RegExp(
  String.raw`hash|digest|checksum|fingerprint|(?:^|[_.-])(?:id|name|file|path|dir|url|uri|type|method|mode|length|size|count|ttl` +
    String.raw`|expires?|expiry|at|env|var|prefix|header|field|policy|provider|endpoint|version|format|kind|source|store|helper` +
    String.raw`|manager|min|max)$|[a-z](?:Id|Name|File|Path|Dir|Url|Uri|Type|Method|Mode|Length|Size|Count|Env|Var|Prefix|Header` +
    String.raw`|Field|Provider|Endpoint|Version|Format|Kind|Source)$`,
);
// Code that refers to a secret rather than containing it: config.apiKey, this.token, getToken().
const CODE_REFERENCE = new RegExp(
  String.raw`^[A-Za-z_$][\w$]*(?:(?:\.|\?\.|::|->)[A-Za-z_$][\w$]*)+(?:\(\))?$|^[A-Za-z_$][\w$.:]*\(.*\)?$|^(?:new|await|function` +
    String.raw`|lambda|this|self|fn)\b`,
);

// A name as people write one (config, apiKey, DB_PASSWORD, ClientSecret): lower or upper case throughout,
// or camel case with few capitals, each hump a syllable. Random letters (CuJwigWsTe, xWaDq.RyLELm) fail.
function identifierLike(segment: string): boolean {
  const letters = segment.replace(/[^A-Za-z]/g, '');
  if (letters === letters.toLowerCase() || letters === letters.toUpperCase()) return true;
  const capitals = letters.replace(/[a-z]/g, '').length;
  if (capitals > letters.length / 3 || /[A-Z]{2}[a-z]/.test(segment)) return false;
  return letters.split(/(?=[A-Z])/).every((hump) => /[aeiouy]/i.test(hump));
}

// A path: its long segments read like names (node_modules, serviceaccount, a digest), not like base64.
function isPath(value: string): boolean {
  if (!/^(?:\/|\.{1,2}\/|~\/|[A-Za-z]:[\\/])/.test(value)) return false;
  return value.split(/[\\/]/).every((segment) => segment.length < 16 || identifierLike(segment));
}

function isCodeReference(value: string): boolean {
  if (!CODE_REFERENCE.test(value)) return false;
  const path = value.replace(/\(.*$/, '');
  return path.split(/\?\.|::|->|\./).every(identifierLike);
}
// Cache keys and versioned names end in a digest: node-cache-Linux-x64-npm-<sha256> (or a cut one).
const DIGEST_SUFFIXED = /^[\w.-]*[-_.:][0-9a-f]{8,}$/i;

// Shapes a value after a secret-looking name takes when it is not a secret.
const NOT_SECRET_SHAPES: readonly RegExp[] = [
  /^[a-z0-9._-]+(?:\/[a-z0-9._+-]+)+$/, // a lowercase relative path or a media type
  /^[a-z][a-z0-9+.-]*:\/\//i, // a URL (its userinfo password has its own rule)
  /^[a-z]+(?:[-_ ./][a-z]+)*$/, // plain words
  /^(?:[A-Z]?[a-z]+|[A-Z]+)(?:[-_ ./:]+(?:[A-Z]?[a-z]+|[A-Z]+))*:?\s*$/, // words in title or upper case: "Authorization: Bearer "
  /^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+$/, // an environment variable's name (GITHUB_TOKEN)
  /^v?\d+(?:\.\d+)+(?:[-+][\w.]+)?$/, // a version
  /^\d{4}-\d\d-\d\d(?:[T ][\d:.]+)?Z?$/, // a date or time
  /^[\d.:_-]+$/, // numbers, addresses, ports, durations
  /^[\w.-]+:\d{1,5}$/, // host:port
];

function looksNotSecret(value: string): boolean {
  if (isPath(value) || isCodeReference(value) || isPlaceholder(value)) return true;
  // An identifier or a type name (SecretString, changeMe).
  if (/^[A-Za-z]+$/.test(value) && /^[A-Z]?[a-z]/.test(value) && identifierLike(value)) return true;
  return NOT_SECRET_SHAPES.some((shape) => shape.test(value));
}

/** The verdict on `value` assigned to `name` (`name=value`, `"name": "value"`, `?name=value`). */
export function isSecretAssignment(name: string, value: string): boolean {
  const strong = STRONG_NAME.test(name);
  if (!strong && !WEAK_NAME.test(name)) return false;
  if (ABOUT_SECRET_NAME.test(name)) return false;
  if (value.length < (strong ? 8 : 16) || looksNotSecret(value) || !looksRandom(value)) return false;
  // A name that only says "key" or "id" often holds a cache key or a digest: hashes are not secrets there.
  return strong || !(isHashLike(value) || DIGEST_SUFFIXED.test(value));
}

/** The rule's accept: the name is group 1; the value is the group being replaced. */
export function acceptAssignment(secret: string, match: RegExpExecArray): boolean {
  return isSecretAssignment(match[1] ?? '', secret);
}

export function acceptRandom(secret: string): boolean {
  return !isPlaceholder(secret) && looksRandom(secret);
}

export const notPlaceholder = (secret: string): boolean => !isPlaceholder(secret);

/** A command-line password (`-pVALUE`, `--password VALUE`): anything but a placeholder or a variable. */
export function acceptFlagValue(secret: string): boolean {
  return secret.length >= 3 && !isPlaceholder(secret);
}
