// The ways a log carries a line holding a secret: each takes the line (with `{secret}`) and the secret,
// and returns the raw text a tool would have printed.

const splitAt = (secret: string) => Math.floor(secret.length / 2);
const withPart = (line: string, part: string) => line.replace('{secret}', () => part);

/** How each variant carries the line holding `secret` (the raw text a tool printed). */
export const VARIANTS: Record<string, (line: string, secret: string) => string> = {
  plain: (line, secret) => withPart(line, secret),
  'split-by-sgr': (line, secret) =>
    `\u001b[31m${withPart(line, `${secret.slice(0, splitAt(secret))}\u001b[0m\u001b[1m${secret.slice(splitAt(secret))}`)}\u001b[0m`,
  'split-by-cr-redraw': (line, secret) => `${withPart(line, secret.slice(0, splitAt(secret)))}\r${withPart(line, secret)}`,
  'split-by-backspace': (line, secret) => withPart(line, `${secret.slice(0, splitAt(secret))}X\b${secret.slice(splitAt(secret))}`),
  'inside-json-log': (line, secret) => JSON.stringify({ level: 'error', message: withPart(line, secret) }),
  'inside-json-string-in-code': (line, secret) =>
    `  const fixture = ${JSON.stringify(JSON.stringify({ message: withPart(line, secret) }))};`,
  'in-code-frame': (line, secret) =>
    [
      ' 41 |   // next line',
      ...withPart(line, secret)
        .split('\n')
        .map((text, index) => `${index === 0 ? '>' : ' '} ${42 + index} |   ${text}`),
      '    |   ^',
    ].join('\n'),
};
