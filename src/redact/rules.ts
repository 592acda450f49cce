// faultline's own secret rules: provider prefixes (high precision), structures (PEM, JWT, auth headers,
// URL userinfo and queries, .npmrc, command-line passwords) and secret-named assignments judged by
// judge.ts (ecosystem.md §7.1, gitleaks-style). Each rule names the part to replace, so
// `Authorization: Bearer x` keeps its header for the reader. No pattern nests unbounded repetition, and
// every value class is a simple run, so a 1 MB line costs one pass per rule.
import { acceptAssignment, acceptFlagValue, acceptRandom, notPlaceholder } from './judge.js';

export { shannonEntropy, isPlaceholder, isHashLike, looksRandom, randomness, isSecretAssignment } from './judge.js';

export interface SecretRule {
  /** Placeholder type: `[REDACTED:<type>]`. */
  type: string;
  pattern: RegExp;
  /** Capture group holding the secret (0 = the whole match); with several, the first that matched. */
  group?: number | readonly number[];
  /** Extra check on the secret text; false keeps the match. */
  accept?: (secret: string, match: RegExpExecArray) => boolean;
  /**
   * After a rejected match, look again from the value's start (`oauth: client_secret=…`). Only for rules
   * whose values can hold no separator, so no stretch of text is scanned twice.
   */
  rescanValue?: boolean;
}

// A name as written before `=`/`:` in config, code, JSON (also JSON inside an escaped string literal).
// Spaces, never line breaks, around the separator: a redraw or the next line is not the value.
// A `::` path (Rust, C++: auth::tests) is not an assignment, nor URL userinfo (its own rule keeps the host).
const NAME = String.raw`(?<![\w.:/-])([A-Za-z_][\w.-]{0,100})\\?["']?[ \t]*(?::=|=>|=|:(?!:))[ \t]*`;

// An unquoted value: no `:` (so it never holds another `name:`), `,;)` only inside it and not before
// another `name=` (`x=1,password=…` is two), `=` only as base64 padding at its end, never ending in `,;)]}.`.
const unquotedValue = (): string =>
  /((?:[^\s"'`&\\,;:)=]|[,;)](?![A-Za-z_][\w.-]{0,100}[ \t]*[=:]))*[^\s"'`&\\,;:)\]}.=](?:={1,2}(?![^\s"'`&,;)]))?)/.source;

/** Provider tokens: a fixed prefix and shape, no judging needed. */
const providerRules = (): readonly SecretRule[] => [
  { type: 'jwt', pattern: /\bey[A-Za-z0-9_-]{10,}\.ey[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]*/g },
  { type: 'github-token', pattern: /\b(?:gh[pousr]_[A-Za-z0-9]{36,255}|github_pat_[A-Za-z0-9_]{22,255})\b/g },
  { type: 'gitlab-token', pattern: /\bgl(?:pat|ptt|dt|rt|cbt|soat|ffct|agent|imt|oas)-[\w-]{20,}/g },
  // Real key ids use the whole [A-Z0-9] alphabet (a config dump's `aws_id = AKIA…` has 0, 1, 8, 9).
  { type: 'aws-access-key', pattern: /\b(?:A3T[A-Z0-9]|AKIA|ASIA|ABIA|ACCA)[A-Z0-9]{16}\b/g },
  // STS session tokens run to a thousand characters and more: no upper bound.
  { type: 'aws-session-token', pattern: /\b(?:FwoGZXIvYXdz|IQoJb3JpZ2lu|IQoJ[A-Za-z0-9]{8}Ev)[A-Za-z0-9/+=]{60,}/g },
  { type: 'slack-webhook', pattern: /https:\/\/hooks\.slack\.com\/(?:services|workflows|triggers)\/[A-Za-z0-9+/_-]{10,}/g },
  { type: 'slack-token', pattern: /\bxox[abposre]-[A-Za-z0-9-]{10,}/g },
  { type: 'slack-token', pattern: /\bxapp-\d-[A-Za-z0-9-]{10,}/g },
  { type: 'stripe-key', pattern: /\b(?:sk|rk|whsec)_(?:test_|live_|prod_)?[A-Za-z0-9]{16,99}\b/g },
  { type: 'anthropic-key', pattern: /\bsk-ant-(?:api|admin|oat)\d\d-[\w-]{20,}/g },
  { type: 'openai-key', pattern: /\bsk-(?:proj-|svcacct-|admin-)?[A-Za-z0-9_-]{20,}/g, accept: acceptRandom },
  { type: 'google-api-key', pattern: /\bAIza[\w-]{35}\b/g },
  { type: 'google-oauth', pattern: /\bya29\.[\w-]{20,}|\bGOCSPX-[\w-]{20,}/g },
  { type: 'groq-key', pattern: /\bgsk_[a-zA-Z0-9]{52}\b/g },
  { type: 'notion-token', pattern: /\bntn_[0-9]{11}[A-Za-z0-9]{35}\b/g },
  { type: 'npm-token', pattern: /\bnpm_[A-Za-z0-9]{36}\b/g },
  { type: 'huggingface-token', pattern: /\bhf_[A-Za-z0-9]{30,}\b/g },
  { type: 'sendgrid-key', pattern: /\bSG\.[\w-]{16,32}\.[\w-]{16,64}\b/g },
  { type: 'pypi-token', pattern: /\bpypi-AgE[A-Za-z0-9_-]{50,}/g },
  { type: 'docker-token', pattern: /\bdckr_pat_[A-Za-z0-9_-]{20,}/g },
  { type: 'twilio-key', pattern: /\b(?:SK|AC)[0-9a-fA-F]{32}\b/g },
  { type: 'discord-bot-token', pattern: /\b[MNO][A-Za-z0-9_-]{23,27}\.[\w-]{6,7}\.[\w-]{27,40}\b/g },
  // Telegram bot tokens, bare or in the API URL (https://api.telegram.org/bot123456:ABC…/sendMessage).
  { type: 'telegram-bot-token', pattern: /\/bot(\d{5,12}:[\w-]{30,})/g, group: 1 },
  { type: 'telegram-bot-token', pattern: /\b\d{8,12}:AA[\w-]{33}\b/g },
  { type: 'shopify-token', pattern: /\bshp(?:at|ca|pa|ss)_[a-fA-F0-9]{32}\b/g },
  { type: 'square-token', pattern: /\bsq0(?:atp|csp|idp)-[\w-]{22,43}\b|\bEAAA[\w-]{60}\b/g },
  { type: 'mailgun-key', pattern: /\bkey-[0-9a-f]{32}\b/g },
  { type: 'mailchimp-key', pattern: /\b[0-9a-f]{32}-us\d{1,2}\b/g },
  { type: 'digitalocean-token', pattern: /\bdo[por]_v1_[a-f0-9]{64}\b/g },
  { type: 'linear-key', pattern: /\blin_(?:api|oauth)_[A-Za-z0-9]{40}\b/g },
  { type: 'databricks-token', pattern: /\bdapi[a-f0-9]{32}(?:-\d)?\b/g },
  { type: 'grafana-token', pattern: /\bglsa_[A-Za-z0-9]{32}_[A-Fa-f0-9]{8}\b|\bglc_[A-Za-z0-9+/]{32,}={0,2}/g },
  { type: 'newrelic-key', pattern: /\bNR(?:AK|II|JS)-[A-Za-z0-9]{19,32}\b/g },
  { type: 'sentry-token', pattern: /\bsntr[ysu]_[A-Za-z0-9+/=_]{40,}/g },
  { type: 'postman-key', pattern: /\bPMAK-[a-f0-9]{24}-[a-f0-9]{34}\b/g },
  { type: 'doppler-token', pattern: /\bdp\.(?:pt|st|sa|ct|scim|audit)\.[A-Za-z0-9]{40,44}\b/g },
  { type: 'vault-token', pattern: /\bhv[sbr]\.[\w-]{24,}/g },
  { type: 'age-secret-key', pattern: /\bAGE-SECRET-KEY-1[0-9A-Z]{58}\b/g },
  { type: 'flyio-token', pattern: /\bFlyV1 fm\d_[\w+/=-]{40,}/g },
  { type: 'atlassian-token', pattern: /\bATATT3[A-Za-z0-9_=-]{100,}/g },
  { type: 'planetscale-token', pattern: /\bpscale_(?:tkn|pw|oauth)_[\w.-]{32,64}\b/g },
  {
    type: 'azure-storage-key',
    pattern: /\b(?:AccountKey|SharedAccessKey|SharedAccessSignature|sig)=([A-Za-z0-9+/%]{20,}(?:={0,2}|(?:%3D){0,2}))/g,
    group: 1,
  },
];

/** Structures that carry a secret in a known place. */
const structureRules = (): readonly SecretRule[] => [
  // Authorization headers: every scheme, opaque values included (twinny missed opaque Bearer tokens).
  {
    type: 'auth-header',
    pattern: new RegExp(
      String.raw`\b(?:Proxy-)?Authorization\\?["']?[ \t]*[:=][ \t]*\\?["']?(?:Bearer|Basic|Token|Digest|Bot|ApiKey` +
        String.raw`|AWS4-HMAC-SHA256)[ \t]+([^\s"'\\,]{6,}(?:[^\n"']{0,400}Signature=[0-9a-f]+)?)`,
      'gi',
    ),
    group: 1,
    accept: notPlaceholder,
  },
  { type: 'bearer-token', pattern: /\bBearer[ \t]+([A-Za-z0-9._~+/-]{16,}=*)/g, group: 1, accept: notPlaceholder },
  // A header built by concatenation in source: "Authorization: Bearer " + "9f8e…" (also . in PHP, ..).
  {
    type: 'bearer-token',
    pattern: /\b(?:Bearer|Basic|Token|Bot)[ \t]*["'`][ \t]*(?:\+|\.\.?|,)?[ \t]*["'`]([^"'`\s]{8,})["'`]/g,
    group: 1,
    accept: notPlaceholder,
  },
  {
    type: 'api-key-header',
    pattern: new RegExp(
      String.raw`\b(?:X-Api-Key|Api-Key|X-Auth-Token|Private-Token|X-Gitlab-Token|X-Vault-Token|X-Figma-Token|Cookie` +
        String.raw`|Set-Cookie)\\?["']?[ \t]*:[ \t]*\\?["']?([^\s"'\\]{8,}[^\n"'\\]*)`,
      'gi',
    ),
    group: 1,
    accept: notPlaceholder,
  },
  // scheme://user:password@host — only the password goes; the user and host help the reader.
  { type: 'url-password', pattern: /\b[a-z][a-z0-9+.-]{0,30}:\/\/[^\s:@/'"]{0,256}:([^\s@/'"]{3,})@/gi, group: 1, accept: notPlaceholder },
  // A secret-named parameter in a URL query (?api_key=…&token=…) or a `;` list (connection strings).
  { type: 'url-query-secret', pattern: /[?&;]([A-Za-z_][\w.-]{0,60})=([^&#;\s"'<>\\]{8,})/g, group: 2, accept: acceptAssignment },
  {
    type: 'basic-auth',
    pattern: /(?:^|\s)(?:-u|--user|--proxy-user)[ \t]+["']?[^\s:"']+:([^\s"']{3,})/g,
    group: 1,
    accept: notPlaceholder,
  },
  // mysql -pSECRET / mysqldump -p'SECRET' (the password is glued to -p; a bare -p prompts for it).
  {
    type: 'cli-password',
    pattern: /\b(?:mysql\w*|mariadb[\w-]*)\b[^\n]{0,300}?(?<!\S)-p(?:"([^"\n]+)"|'([^'\n]+)'|([^\s"']+))/g,
    group: [1, 2, 3],
    accept: acceptFlagValue,
  },
  {
    type: 'cli-password',
    pattern: new RegExp(
      String.raw`(?<!\S)--?(?:password|passwd|pass|token|api-key|apikey|auth-token|access-token|secret` +
        String.raw`|client-secret)[= ](?:"([^"\n]+)"|'([^'\n]+)'|([^\s"'-][^\s"']*))`,
      'g',
    ),
    group: [1, 2, 3],
    accept: acceptFlagValue,
  },
  { type: 'npm-auth', pattern: /(?:_authToken|_auth|_password)[ \t]*=[ \t]*["']?([^\s"']{8,})/g, group: 1, accept: notPlaceholder },
];

/**
 * name = value, name: value, name := value, name => value (JSON/YAML/.env/code); the name must look
 * secret and the value random enough for its length (judge.ts). Quoted values run to their quote, so
 * they may hold spaces and `,;)`; unquoted ones stop at whitespace, quotes and `&`, and drop trailing
 * `,;)]}.` (the end of a call or a list, not of the value).
 */
const assignmentRules = (): readonly SecretRule[] => [
  {
    type: 'generic-secret',
    pattern: new RegExp(`${NAME}\\\\?"([^"\\n\\\\]{6,})\\\\?"`, 'g'),
    group: 2,
    accept: acceptAssignment,
    rescanValue: true,
  },
  {
    type: 'generic-secret',
    pattern: new RegExp(`${NAME}\\\\?'([^'\\n\\\\]{6,})\\\\?'`, 'g'),
    group: 2,
    accept: acceptAssignment,
    rescanValue: true,
  },
  { type: 'generic-secret', pattern: new RegExp(`${NAME}\`([^\`\\n]{6,})\``, 'g'), group: 2, accept: acceptAssignment, rescanValue: true },
  { type: 'generic-secret', pattern: new RegExp(`${NAME}${unquotedValue()}`, 'g'), group: 2, accept: acceptAssignment, rescanValue: true },
];

// Built on first use: their ~40 patterns cost every start ~0.25 ms of CPU (issue 21), and a run that redacts nothing
// (locate --json, text) never needs them. faultline/redact's SECRET_RULES is this list (src/entries/redact.ts).
let secretRulesBuilt: readonly SecretRule[] | undefined;

/** The rules; on overlap the merged span covers both (redactor.ts), so order only names the placeholder. */
export function secretRules(): readonly SecretRule[] {
  return (secretRulesBuilt ??= buildSecretRules());
}

const buildSecretRules = (): readonly SecretRule[] => [
  {
    type: 'private-key',
    // The body stops at the next BEGIN, so a run of BEGIN lines is scanned once, not 16 KiB per line.
    pattern: new RegExp(
      String.raw`-----BEGIN[ A-Z0-9_-]{0,100}PRIVATE KEY(?: BLOCK)?-----(?:` +
        String.raw`(?!-----BEGIN)[\s\S]){0,16384}?-----END[ A-Z0-9_-]{0,100}PRIVATE KEY(?: BLOCK)?-----`,
      'g',
    ),
  },
  // A block cut off before its END line (truncated logs): the BEGIN line and the base64 lines after it.
  {
    type: 'private-key',
    pattern: /-----BEGIN[ A-Z0-9_-]{0,100}PRIVATE KEY(?: BLOCK)?-----(?:\r?\n[^\n]{0,200}[A-Za-z0-9+/=]{20,}[^\n]{0,200})*/g,
  },
  // Documentation's own example keys (AKIAIOSFODNN7EXAMPLE, ghp_xxxx…) have the provider's shape too.
  ...providerRules().map((rule) => (rule.accept ? rule : { ...rule, accept: notPlaceholder })),
  ...structureRules(),
  ...assignmentRules(),
];
