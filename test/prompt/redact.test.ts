import { describe, expect, it } from 'vitest';
import { createRedactor, isPlaceholder, redactText, secretEnvLiterals, shannonEntropy } from '../../src/redact/index.js';

const own = (text: string) => createRedactor().redact(text);

describe('redaction rules', () => {
  it('uses typed placeholders and counts per type', async () => {
    const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.c2lnbmF0dXJlLXNpZ25hdHVyZQ';
    const result = await redactText({
      text: `a AKIAZ5XQJ7LQ2VNW3PRT b ${jwt} c AKIAQ4RT6YU2IO3PW5ER`,
      secretlint: false,
    });
    expect(result.text).toBe('a [REDACTED:aws-access-key] b [REDACTED:jwt] c [REDACTED:aws-access-key]');
    expect(result.redactions).toEqual([
      { type: 'aws-access-key', count: 2 },
      { type: 'jwt', count: 1 },
    ]);
  });

  it('redacts auth headers of every scheme, keeping the header name', () => {
    expect(own('Authorization: Bearer abc123def456')).toBe('Authorization: Bearer [REDACTED:auth-header]');
    expect(own('authorization: Basic dXNlcjpwYXNz')).toBe('authorization: Basic [REDACTED:auth-header]');
    expect(own('-H "Authorization: token 0123456789abcdef"')).toBe('-H "Authorization: token [REDACTED:auth-header]"');
    expect(own('Authorization: Bearer ${TOKEN}')).toBe('Authorization: Bearer ${TOKEN}');
  });

  it('redacts URL passwords only, and curl -u', () => {
    expect(own('https://bob:s3cr3tpw@example.com/x')).toBe('https://bob:[REDACTED:url-password]@example.com/x');
    expect(own('git@github.com:acme/web.git and https://user@example.com')).toBe(
      'git@github.com:acme/web.git and https://user@example.com',
    );
    expect(own('curl -u admin:hunter22 https://x')).toBe('curl -u admin:[REDACTED:basic-auth] https://x');
  });

  it('redacts PEM blocks, also when the log ends inside one', () => {
    // Line breaks are kept so that log line numbers still match.
    expect(own('a\n-----BEGIN RSA PRIVATE KEY-----\nMIIE\nabcd\n-----END RSA PRIVATE KEY-----\nb')).toBe(
      'a\n[REDACTED:private-key]\n\n\n\nb',
    );
    expect(own('-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0B')).toBe('[REDACTED:private-key]\n');
    // …but only its base64 lines: the log after the cut stays readable.
    expect(own('-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0B\nerror: build failed')).toBe(
      '[REDACTED:private-key]\n\nerror: build failed',
    );
  });

  it('gates secret-named assignments on randomness for their length, and skips placeholders', () => {
    expect(own('DB_PASSWORD=q8Zr!2mVx#Lp9sT')).toBe('DB_PASSWORD=[REDACTED:generic-secret]');
    expect(own('"api_key": "f3a9c1e7b5d2"')).toBe('"api_key": "[REDACTED:generic-secret]"');
    for (const benign of [
      'password: changeme',
      'API_TOKEN=${API_TOKEN}',
      'token: <your-token>',
      'SECRET=xxxxxxxxxxxx',
      'password=aaaaaaaaaaaa',
      'token = getToken()',
      'secret_name = prod/db/creds',
    ]) {
      expect(own(benign)).toBe(benign);
    }
    expect(shannonEntropy('aaaa')).toBe(0);
    expect(shannonEntropy('abcd')).toBe(2);
    expect(isPlaceholder('<your-token>')).toBe(true);
    expect(isPlaceholder('changeme')).toBe(true);
  });

  it('leaves hashes and ids alone where the name does not say secret', () => {
    const lines = [
      'commit 4b825dc642cb6eb9a060e54bf8d69288fbee4904',
      'cache-key: 9f2ce5b1a3d7e6f4c8b2a1d0e9f7c6b5a4d3e2f1',
      'id: 123e4567-e89b-12d3-a456-426614174000',
    ];
    for (const line of lines) expect(own(line)).toBe(line);
  });

  it('replaces secret environment values verbatim, skipping PWD and paths', () => {
    const env = {
      DEPLOY_TOKEN: 'plain words here',
      PWD: '/home/me/project',
      GOOGLE_CREDENTIALS_FILE: '/etc/gcp/key.json',
      SHORT_TOKEN: 'abc',
      HOME: '/home/me',
    };
    expect(secretEnvLiterals(env)).toEqual([{ value: 'plain words here', type: 'env:DEPLOY_TOKEN' }]);
    const redactor = createRedactor({ env });
    expect(redactor.redact('using plain words here in /home/me/project')).toBe('using [REDACTED:env:DEPLOY_TOKEN] in /home/me/project');
  });

  it('finds with secretlint what the own rules miss', async () => {
    // A Figma token: not in faultline's own rules, in secretlint's recommended preset.
    const figma = `figd_${'0123456789abcdefghij'.repeat(2)}`;
    expect(own(`x ${figma}`)).toBe(`x ${figma}`);
    const result = await redactText({ text: `x ${figma}` });
    expect(result.text).not.toContain(figma);
  });
});
