// secretlint's recommended preset, run in memory (no files touched) to discover secret values that
// faultline's own rules do not know. 12.0.0 is the last release supporting Node 20 (ecosystem.md §7.2).
import { lintSource } from '@secretlint/core';
import { creator as recommendPreset } from '@secretlint/secretlint-rule-preset-recommend';
import { isPlaceholder } from './judge.js';
import type { SecretLiteral } from './redactor.js';

// secretlint rule/message → faultline placeholder type (stable names shared with rules.ts).
const TYPE_BY_MESSAGE: Record<string, string> = {
  GITHUB_TOKEN: 'github-token',
  AWSAccessKeyID: 'aws-access-key',
  AWSSecretAccessKey: 'aws-secret-key',
  AWSAccountID: 'aws-account-id',
  NPM_ACCESS_TOKEN: 'npm-token',
  SLACK_TOKEN: 'slack-token',
  IncomingWebhook: 'slack-webhook',
  PrivateKey: 'private-key',
};

// The rest by rule, so one kind of secret gets one placeholder whichever detector found it.
const TYPE_BY_RULE: Record<string, string> = {
  anthropic: 'anthropic-key',
  openai: 'openai-key',
  docker: 'docker-token',
  gcp: 'gcp-key',
  github: 'github-token',
  gitlab: 'gitlab-token',
  npm: 'npm-token',
  slack: 'slack-token',
  sendgrid: 'sendgrid-key',
  huggingface: 'huggingface-token',
  privatekey: 'private-key',
  'hashicorp-vault': 'vault-token',
  basicauth: 'url-password',
  'database-connection-string': 'url-password',
};

function typeFor(ruleId: string, messageId: string | undefined): string {
  if (messageId && TYPE_BY_MESSAGE[messageId]) return TYPE_BY_MESSAGE[messageId] ?? 'secret';
  const rule = ruleId.replace(/^@secretlint\/secretlint-rule-/, '');
  return TYPE_BY_RULE[rule] ?? (rule || 'secret');
}

/** Secret values that secretlint's recommended preset finds in `content`. */
export async function secretlintLiterals(content: string): Promise<SecretLiteral[]> {
  if (content.length === 0) return [];
  const result = await lintSource({
    source: { content, filePath: '/faultline/output.log', ext: '.log', contentType: 'text' },
    options: {
      config: { rules: [{ id: '@secretlint/secretlint-rule-preset-recommend', rule: recommendPreset }] },
      maskSecrets: false,
      noPhysicFilePath: true,
    },
  });
  const literals: SecretLiteral[] = [];
  for (const message of result.messages) {
    const type = typeFor(message.ruleId, message.messageId);
    // secretlint 12.0.0's aws rule reports the match start with the secret's length, so the range can
    // cover the variable name and miss the secret's end; its `data` carries the exact value.
    const dataValues = Object.values(message.data ?? {}).filter(
      (value): value is string => typeof value === 'string' && value.length >= 8 && content.includes(value),
    );
    const values = dataValues.length > 0 ? dataValues : [content.slice(message.range[0], message.range[1])];
    for (const found of values) {
      // secretlint flags documentation placeholders of a provider's shape (ghp_xxxx…) too.
      if (isPlaceholder(found)) continue;
      // URL-shaped findings (basic auth, DB connection strings): only the password is secret.
      const password = /^[a-z][a-z0-9+.-]*:\/\/[^\s:@/]*:([^\s@/]+)@/i.exec(found)?.[1];
      if (password) literals.push({ value: password, type: 'url-password' });
      else if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(found) && found.trim().length >= 8) literals.push({ value: found, type });
    }
  }
  return literals;
}
