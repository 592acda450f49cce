// Markdown fences that cannot be closed by the content they hold (seeds-lessons §4 case 25): the fence
// is one backtick longer than the longest backtick run inside, and never shorter than three.

/** Length of the longest run of backticks in `text`. */
export function longestBacktickRun(text: string): number {
  let longest = 0;
  for (const run of text.match(/`+/g) ?? []) longest = Math.max(longest, run.length);
  return longest;
}

/** Wraps `content` in a fence longer than any backtick run it contains, with an optional info string. */
export function fence(content: string, language = ''): string {
  const ticks = '`'.repeat(Math.max(3, longestBacktickRun(content) + 1));
  const body = content.endsWith('\n') ? content : `${content}\n`;
  return `${ticks}${language}\n${body}${ticks}`;
}

const LANGUAGE_BY_EXTENSION: Record<string, string> = {
  ts: 'ts',
  tsx: 'tsx',
  mts: 'ts',
  cts: 'ts',
  js: 'js',
  jsx: 'jsx',
  mjs: 'js',
  cjs: 'js',
  py: 'python',
  rs: 'rust',
  go: 'go',
  java: 'java',
  kt: 'kotlin',
  c: 'c',
  h: 'c',
  cc: 'cpp',
  cpp: 'cpp',
  hpp: 'cpp',
  cs: 'csharp',
  rb: 'ruby',
  php: 'php',
  swift: 'swift',
  sh: 'sh',
  bash: 'bash',
  json: 'json',
  yml: 'yaml',
  yaml: 'yaml',
  toml: 'toml',
  md: 'markdown',
  scala: 'scala',
  ex: 'elixir',
  exs: 'elixir',
  hs: 'haskell',
  ml: 'ocaml',
};

/** Fence info string for a file name (empty when unknown). */
export function languageFor(file: string): string {
  const extension = /\.([A-Za-z0-9]+)$/.exec(file)?.[1]?.toLowerCase();
  return extension ? (LANGUAGE_BY_EXTENSION[extension] ?? '') : '';
}
