// faultline's own secret rules: provider prefixes (high precision), structures (PEM, JWT, auth headers,
// URL userinfo, .npmrc) and secret-named assignments gated by entropy (ecosystem.md §7.1, gitleaks-style).
// Each rule names the part to replace, so `Authorization: Bearer x` keeps its header for the reader.

export interface SecretRule {
  /** Placeholder type: `[REDACTED:<type>]`. */
  type: string;
  pattern: RegExp;
  /** Capture group holding the secret (0 = the whole match). */
  group?: number;
  /** Extra check on the secret text; false keeps the match. */
  accept?: (secret: string, match: RegExpExecArray) => boolean;
}

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

// Values people write where a secret would go, which are not secrets (seeds-lessons §1.13).
const PLACEHOLDER =
  /^(?:\$\{.*\}|\$\(.*\)|\$[A-Z_][A-Z0-9_]*|%[A-Z_][A-Z0-9_]*%|<.*>|\{\{.*\}\}|x+|X+|\*+|\.{3,}|•+|#+)$|\[REDACTED|your[_-]|example|changeme|change_me|placeholder|dummy|redacted|secrets\.|process\.env|os\.environ|getenv|^(?:true|false|null|none|nil|undefined|yes|no)$/i;

export function isPlaceholder(value: string): boolean {
  return PLACEHOLDER.test(value) || /^(.)\1+$/.test(value);
}

// Hash-like values (git SHAs, sha256/sha512 digests, UUIDs, SRI integrity) are high-entropy but public.
const HASH_LIKE = /^(?:[0-9a-f]{7,40}|[0-9a-f]{64}|[0-9a-f]{128}|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|sha(?:1|256|384|512)-[A-Za-z0-9+/]+={0,2})$/i;

export function isHashLike(value: string): boolean {
  return HASH_LIKE.test(value);
}

const STRONG_NAME = /passw(?:or)?d|passwd|pwd|secret|token|credential|creds|private[_-]?key|api[_-]?key|access[_-]?key|auth(?!or)|session|cookie/i;
const WEAK_NAME = /(?:^|[_.-])key(?:$|[_.-])|client[_-]?id/i;

// Names that hold something *about* a secret (its hash, id, name, file, length), not the secret.
const ABOUT_SECRET_NAME = /hash|digest|checksum|fingerprint|(?:^|[_.-])(?:id|name|file|path|dir|url|uri|type|method|mode|length|size|count|ttl|expires?|expiry|at)$|[a-z](?:Id|Name|File|Path|Dir|Url|Uri|Type|Method|Mode|Length|Size|Count)$/;
// Code that refers to a secret rather than containing it: config.apiKey, this.token, getToken().
const CODE_REFERENCE = /^[A-Za-z_$][\w$]*(?:(?:\.|\?\.)[A-Za-z_$][\w$]*)+(?:\(\))?$|^[A-Za-z_$][\w$.]*\(.*\)?$/;
// Cache keys and versioned names end in a digest: node-cache-Linux-x64-npm-<sha256>.
const DIGEST_SUFFIXED = /^[\w.-]*[-_.:][0-9a-f]{32,}$/i;

function acceptAssignment(secret: string, match: RegExpExecArray): boolean {
  const name = match[1] ?? '';
  if (!STRONG_NAME.test(name) && !WEAK_NAME.test(name)) return false;
  if (ABOUT_SECRET_NAME.test(name) || CODE_REFERENCE.test(secret)) return false;
  if (secret.length < 10 || secret.length > 150) return false;
  if (isPlaceholder(secret) || shannonEntropy(secret) < 3.5) return false;
  // A name that only says "key" or "id" often holds a cache key or a digest: hashes are not secrets there.
  if (!STRONG_NAME.test(name) && (isHashLike(secret) || DIGEST_SUFFIXED.test(secret))) return false;
  // Paths and plain words (e.g. `token_path=/var/run/…`) are not secrets.
  if (/^(?:\/|\.{1,2}\/|~\/|[A-Za-z]:\\)/.test(secret) || /^[a-z]+(?:[-_ ./][a-z]+)*$/.test(secret)) return false;
  return true;
}

function acceptEntropy(minimum: number) {
  return (secret: string) => !isPlaceholder(secret) && shannonEntropy(secret) >= minimum;
}

const notPlaceholder = (secret: string) => !isPlaceholder(secret);

/** The rules in the order they are applied; structural ones come first so they win over generic ones. */
export const SECRET_RULES: readonly SecretRule[] = [
  {
    type: 'private-key',
    pattern: /-----BEGIN[ A-Z0-9_-]{0,100}PRIVATE KEY(?: BLOCK)?-----[\s\S]{0,16384}?-----END[ A-Z0-9_-]{0,100}PRIVATE KEY(?: BLOCK)?-----/g,
  },
  // A block cut off before its END line (truncated logs): the BEGIN line and the base64 lines after it.
  {
    type: 'private-key',
    pattern: /-----BEGIN[ A-Z0-9_-]{0,100}PRIVATE KEY(?: BLOCK)?-----(?:[^\n]*\n[^\n]*[A-Za-z0-9+/=]{20,}[^\n]*)*/g,
  },
  { type: 'jwt', pattern: /\bey[A-Za-z0-9_-]{10,}\.ey[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]*/g },
  { type: 'github-token', pattern: /\b(?:gh[pousr]_[A-Za-z0-9]{36,255}|github_pat_[A-Za-z0-9_]{22,255})\b/g },
  { type: 'gitlab-token', pattern: /\bgl(?:pat|ptt|dt|rt|cbt|soat|ffct|agent)-[\w-]{20,}/g },
  { type: 'aws-access-key', pattern: /\b(?:A3T[A-Z0-9]|AKIA|ASIA|ABIA|ACCA)[A-Z2-7]{16}\b/g },
  { type: 'slack-webhook', pattern: /https:\/\/hooks\.slack\.com\/(?:services|workflows|triggers)\/[A-Za-z0-9+/_-]{10,}/g },
  { type: 'slack-token', pattern: /\bxox[abposre]-[A-Za-z0-9-]{10,}/g },
  { type: 'stripe-key', pattern: /\b(?:sk|rk)_(?:test|live|prod)_[A-Za-z0-9]{10,99}\b/g },
  { type: 'anthropic-key', pattern: /\bsk-ant-(?:api|admin)\d\d-[\w-]{20,}/g },
  { type: 'openai-key', pattern: /\bsk-(?:proj-|svcacct-|admin-)?[A-Za-z0-9_-]{20,}/g, accept: acceptEntropy(3.5) },
  { type: 'google-api-key', pattern: /\bAIza[\w-]{35}\b/g },
  { type: 'npm-token', pattern: /\bnpm_[A-Za-z0-9]{36}\b/g },
  { type: 'huggingface-token', pattern: /\bhf_[A-Za-z0-9]{30,}\b/g },
  { type: 'sendgrid-key', pattern: /\bSG\.[\w-]{16,32}\.[\w-]{16,64}\b/g },
  { type: 'pypi-token', pattern: /\bpypi-AgE[A-Za-z0-9_-]{50,}/g },
  { type: 'docker-token', pattern: /\bdckr_pat_[A-Za-z0-9_-]{20,}/g },
  {
    type: 'azure-storage-key',
    pattern: /\b(?:AccountKey|SharedAccessKey|SharedAccessSignature|sig)=([A-Za-z0-9+/%]{20,}={0,2})/g,
    group: 1,
  },
  // Authorization headers: every scheme, opaque values included (twinny missed opaque Bearer tokens).
  {
    type: 'auth-header',
    pattern: /\b(?:Proxy-)?Authorization["']?\s*[:=]\s*["']?(?:Bearer|Basic|Token|Digest|Bot|ApiKey|AWS4-HMAC-SHA256)\s+([^\s"',]{6,}(?:[^\n"']*Signature=[0-9a-f]+)?)/gi,
    group: 1,
    accept: notPlaceholder,
  },
  { type: 'bearer-token', pattern: /\bBearer\s+([A-Za-z0-9._~+/-]{16,}=*)/g, group: 1, accept: notPlaceholder },
  {
    type: 'api-key-header',
    pattern: /\b(?:X-Api-Key|Api-Key|X-Auth-Token|Private-Token|X-Gitlab-Token|X-Vault-Token|Cookie|Set-Cookie)["']?\s*:\s*["']?([^\s"']{8,}[^\n"']*)/gi,
    group: 1,
    accept: notPlaceholder,
  },
  // scheme://user:password@host — only the password goes; the user and host help the reader.
  { type: 'url-password', pattern: /\b[a-z][a-z0-9+.-]*:\/\/[^\s:@/'"]*:([^\s@/'"]{3,})@/gi, group: 1, accept: notPlaceholder },
  { type: 'basic-auth', pattern: /(?:^|\s)(?:-u|--user|--proxy-user)\s+["']?[^\s:"']+:([^\s"']{3,})/g, group: 1, accept: notPlaceholder },
  { type: 'npm-auth', pattern: /(?:_authToken|_auth|_password)\s*=\s*["']?([^\s"']{8,})/g, group: 1, accept: notPlaceholder },
  // name = value, name: value, name := value, name => value (JSON/YAML/.env/code); the name must look secret.
  {
    type: 'generic-secret',
    pattern: /([A-Za-z_][\w.-]{0,60})["']?\s*(?::=|=>|=|:)\s*["'`]?([^\s"'`,;)\]}]{10,150})/g,
    group: 2,
    accept: acceptAssignment,
  },
];
