// The user-facing lists. DEFAULT_BLOCKED is Kodik's default list (seed 002, "Заблокированные команды");
// `block` in the options replaces it. docs/agent-shell.md documents the lists.

/**
 * Never approved automatically. A blocked pattern's words after the first may appear anywhere and in any
 * order (`git -C sub clean -fdx` still matches `git clean*`, `chmod 777 -R /` matches `chmod -R 777 /`):
 * reordering flags must not unblock a command.
 */
export const DEFAULT_BLOCKED: readonly string[] = [
  'rm *',
  'sudo rm *',
  'del *',
  'rd *',
  'rmdir *',
  'Remove-Item *',
  'ri *',
  'erase *',
  'git clean*',
  'find * -delete*',
  'find * -exec rm*',
  'mkfs*',
  'dd if=*',
  'format *',
  'shutdown*',
  'reboot*',
  '> /dev/*',
  ':(){:|:&};:',
  'chmod -R 777 /',
  'chown -R *:* /',
];

/** Writes here need approval even when an allow pattern matches (Kodik: `.git`). */
export const DEFAULT_PROTECTED_PATHS: readonly string[] = [
  '.git',
  '.faultline',
  '.env',
  '.vscode',
  '.idea',
  '.husky',
  '~/.ssh',
  '~/.bashrc',
  '~/.profile',
  '~/.zshrc',
  '~/.gitconfig',
];

/**
 * Reading these needs approval even by a read-only command or an allowed pattern: what an agent reads goes to
 * a model. `.env` also covers `.env.local`, `.env.production`… but not `.env.example` (rules.ts).
 */
export const DEFAULT_SECRET_PATHS: readonly string[] = [
  '~/.ssh',
  '~/.aws',
  '~/.gnupg',
  '~/.netrc',
  '~/.git-credentials',
  '~/.docker/config.json',
  '~/.kube',
  '~/.npmrc',
  '~/.pypirc',
  '~/.config/gh',
  '~/.config/gcloud',
  '.env',
];

/** Devices a redirect may write to without harm; any other /dev/* target is blocked. */
export const HARMLESS_DEVICES = new Set(['/dev/null', '/dev/stdout', '/dev/stderr', '/dev/tty']);

/**
 * Variables a prefix assignment may set without changing which program runs or what it loads. Anything
 * else (PATH, LD_PRELOAD, BASH_ENV, GIT_*, NODE_OPTIONS, PAGER — a pager runs as a command…) can turn a
 * reader into an executor.
 */
export const SAFE_ASSIGNMENTS = new Set([
  'LANG',
  'LANGUAGE',
  'LC_ALL',
  'LC_CTYPE',
  'LC_MESSAGES',
  'TZ',
  'NO_COLOR',
  'FORCE_COLOR',
  'CLICOLOR',
  'TERM',
  'COLUMNS',
  'LINES',
  'CI',
  'DEBUG',
  'NODE_ENV',
  'RUST_BACKTRACE',
  'PYTHONUNBUFFERED',
]);

/** Shells whose `-c STRING` (or stdin script) is parsed and checked as a command line of its own. */
export const POSIX_SHELLS = new Set(['sh', 'bash', 'dash', 'zsh', 'ksh', 'mksh', 'ash', 'busybox-sh']);
export const POWERSHELLS = new Set(['powershell', 'powershell.exe', 'pwsh', 'pwsh.exe']);

/** Programs that run code given to them (on stdin, in a heredoc or as an argument): never read-only. */
export const INTERPRETERS = new Set([
  'python',
  'python3',
  'node',
  'perl',
  'ruby',
  'php',
  'lua',
  'deno',
  'bun',
  'osascript',
  'tclsh',
  'Rscript',
  'julia',
  'fish',
  'csh',
  'tcsh',
]);
