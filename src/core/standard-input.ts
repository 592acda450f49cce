// Names only on the command line (issue 20): a tool that reads its source from standard input, or takes it as an
// option, prints `<stdin>`, `[stdin]`, `-`, `/dev/stdin` or no file at all; the command (echoed in the log as
// `$ cmd …`, `+ cmd …` or a make recipe, or kept by `faultline run`) names the file. Pure string work: which
// names stand for standard input, and the one file a command line names as its input.

// What tools print for standard input: gcc/Python `<stdin>`, Node `[stdin]`, ruff/shellcheck `-`, yamllint
// `stdin`, bash `/dev/stdin`, jq's filter `<top-level>`, `(stdin)`, `<standard input>`.
const STANDARD_INPUT =
  /^(?:-|<stdin>|\[stdin\]|\(stdin\)|stdin|\/dev\/stdin|\/dev\/fd\/0|\/proc\/self\/fd\/0|<standard input>|standard input|<top-level>)$/;

/** True for a printed path that stands for standard input (or a tool's input with no file name). */
export function isStandardInputName(path: string): boolean {
  return STANDARD_INPUT.test(path.trim());
}

// The prompt or trace marks before an echoed command: a shell prompt (`$ `, `% `, `> `, `❯ `) or `set -x`'s `+ ` (one `+`
// per nesting level); PowerShell's prompt (`PS C:\x> `, a custom `[PS] >`) and cmd's (`C:\work>`) may touch the command
// they echo. A database client's prompt names the client (`sqlite> `, `mysql> `, `hive> `, `trino:web> `, `SQL> `,
// `postgres=# `, `MariaDB [shop]> `): what follows is a statement or a meta-command that may read a file (`.read q.sql`).
// A full shell prompt names the user and host before its mark (`me@box:~/proj$ `, `root@box:/srv# `, zsh's `me@box proj % `,
// Red Hat's `[me@box proj]$ `), and an issue may glue it to the code fence that opens the paste (`` ```me@box:~$ ``).
const USER_AT_HOST = String.raw`[\w.-]{1,32}@[\w.-]{1,64}`;
const PROMPT_FOLDER = String.raw`(?::[^\s$#%]{0,200}| [^\s$#%]{1,200})?`;
const FULL_PROMPT = String.raw`(?:\`{3})?(?:\[${USER_AT_HOST} [^\]]{0,200}\]|${USER_AT_HOST}${PROMPT_FOLDER}) ?[$#%] +`;
const ECHO = new RegExp(
  String.raw`^\s*(?:(?:\$|%|>|❯|\+{1,4})\s+|${FULL_PROMPT}|(?:PS |\[PS\] ?|[A-Za-z]:\\)[^>]{0,200}>\s*` +
    String.raw`|[A-Za-z][\w-]{0,30}(?::[\w.-]{1,40})?(?: \[[^\]]{0,40}\])?(?:=[#>]|>)\s+)(\S.*)$`,
);

// A command quoted as a whole line of Markdown, as an issue shows it: `` `docker run -i lint < Dockerfile` ``, with a
// prompt or not.
const QUOTED_COMMAND = /^\s*(`{1,3})(?:\$ )?([^`\s][^`]{0,2000}?)\1\s*$/;

// A command pasted bare, without its prompt, is still recognisable when a package runner leads it: the runner's own
// word (`npx pyright@1.1.83 foo.py`, `python -m mypy app.py`, `bundle exec rubocop x.rb`) is no message's first word.
const RUNNER = '(?:npx|pnpx|bunx|uvx|pipx run|pnpm (?:exec|dlx)|yarn dlx|python3? -m|py -m|poetry run|uv run|bundle exec)';
const RUNNER_COMMAND = new RegExp(`^\\s*(${RUNNER} \\S.*)$`);

/** The command of a log line that echoes one (`$ python3 - < app.py`, `+ node < app.js`, a whole line quoted as code,
 * a package runner's line pasted without its prompt), else undefined. */
export function echoedCommand(line: string): string | undefined {
  return ECHO.exec(line)?.[1] ?? QUOTED_COMMAND.exec(line)?.[2] ?? RUNNER_COMMAND.exec(line)?.[1];
}

// A line of a build log that is itself a command reading standard input (make echoes a recipe as it is).
// The redirect's target ends the word (`< conf.yml`, `<conf.yml;`): `<package>` in a message is no redirect.
// `cat F | tool` feeds the tool F as its standard input just as `tool < F` does (`type F |` on Windows).
const READS_STANDARD_INPUT =
  /(?:^|\s)(?:<\s*[^\s<>&|()`'"]+(?=[\s;&|)]|$)|-(?=\s|$)|--stdin\b|(?:cat|type) +[^\s<>&|()`'"-][^\s<>&|()`'"]* *\|(?!\|))/;

/** True when a command line reads its input from standard input (a `<` redirect, a `-` operand, `--stdin`, `cat F |`). */
export function readsStandardInput(command: string): boolean {
  return READS_STANDARD_INPUT.test(command);
}

/** Shell words of a command line: quotes removed, operators (`<`, `|`, `&&`, `;`, `>`) as words of their own. */
function shellWords(command: string): string[] {
  const words: string[] = [];
  let word = '';
  let quote = '';
  let inWord = false;
  const push = (): void => {
    if (inWord) words.push(word);
    word = '';
    inWord = false;
  };
  for (let index = 0; index < command.length && words.length < 512; index++) {
    const character = command[index]!;
    if (quote !== '') {
      if (character === quote) quote = '';
      else if (character === '\\' && quote === '"' && index + 1 < command.length) word += command[++index];
      else word += character;
      continue;
    }
    if (character === '"' || character === "'") {
      quote = character;
      inWord = true;
    } else if (character === '\\' && index + 1 < command.length) {
      // A Windows path's separator (`.\x.ps1`, `C:\src\a.c`, echoed by PowerShell or cmd) is kept: a backslash
      // after a dot, a colon or a name character and before one escapes nothing a shell would need escaped.
      if (/[\w.:]/.test(command[index - 1] ?? '') && /[\w.]/.test(command[index + 1]!)) word += character;
      else word += command[++index];
      inWord = true;
    } else if (/\s/.test(character)) push();
    else if ('<>|&;'.includes(character)) {
      // `2>&1`, `>>`, `&&`, `||`: an operator and its digits are one word, never a file.
      if (/^\d+$/.test(word) && character === '>') word += character;
      else push();
      let operator = word === '' ? character : word;
      word = '';
      inWord = false;
      while (index + 1 < command.length && '<>|&'.includes(command[index + 1]!) && operator.length < 4) operator += command[++index];
      if (operator.endsWith('&') && /\d/.test(command[index + 1] ?? '')) operator += command[++index];
      words.push(operator);
    } else {
      word += character;
      inWord = true;
    }
  }
  push();
  return words;
}

const SEPARATORS = new Set(['|', '||', '&&', ';', '&', '|&']);
// Options whose value is the input file itself or the name a tool gives standard input; a client's script option may
// be namespaced (`--sql.script.file`, `--query-file`), and `-i` is sqlcmd's and isql's input.
const INPUT_OPTION = new RegExp(
  String.raw`^--?(?:stdin-?file-?(?:name|path)?|stdin-path|assume-filename|filename|file|from-file|f|i|script|input|source` +
    String.raw`|(?:[a-z]+[.-])*(?:sql|script|query|schema|input|source)[.-](?:file|path))$`,
);
// A client's command that runs a file's statements: sqlite's `.read`, psql's `\i`/`\ir` (the shell words drop the
// backslash), MySQL's and Hive's `source`, SQL*Plus's `@`/`@@`/`start`, sqlcmd's `:r`.
const READ_COMMAND = /^(?:\.read|\\?i|\\?ir|\\?include(?:_relative)?|source|start|:r|@{1,2})$/i;
// Options whose value is an output, never the input.
const OUTPUT_OPTION = /^(?:-o|--output|--out|--output-file|--log-file|-l)$/;

/** Build files whose names carry no extension but which tools read and report locations in. */
export const EXTENSIONLESS_SOURCE_NAMES: ReadonlySet<string> = new Set([
  'Makefile',
  'makefile',
  'GNUmakefile',
  'Dockerfile',
  'Containerfile',
  'Jenkinsfile',
  'Vagrantfile',
  'Gemfile',
  'Rakefile',
  'Podfile',
  'Brewfile',
  'BUILD',
  'WORKSPACE',
  'Justfile',
  'justfile',
  'Snakefile',
  'Tiltfile',
  'Earthfile',
]);

function looksLikeFile(word: string): boolean {
  if (word.length < 2 || word.length > 1024 || word.startsWith('-') || /^[a-z][\w+.-]*:\/\//i.test(word) || word.includes('='))
    return false;
  // `< images/web/Dockerfile`: a build file's name is a file without an extension.
  if (EXTENSIONLESS_SOURCE_NAMES.has(word.slice(word.lastIndexOf('/') + 1))) return true;
  return /\.[A-Za-z][\w+-]{0,11}$/.test(word) && /[A-Za-z]/.test(word.replace(/\.[^.]*$/, ''));
}

/**
 * The one input file a command names: what a `<` redirect or a `--stdin-filename`-like option gives, else the one
 * file-like operand or option value of the segments that read standard input (all segments when none does).
 * Undefined when none or several are named: two candidates are never guessed between. With `inputOnly`, only a
 * redirect or an input option counts (a location that names no file at all is no operand's).
 */
export function namedInputFile(command: string | readonly string[], inputOnly = false): string | undefined {
  const text = typeof command === 'string' ? command : command.join(' ');
  const segments: string[][] = [[]];
  const strong = new Set<string>();
  // Whether each segment reads the one before through a pipe (`cat conf.yml | yamllint -`).
  const piped: boolean[] = [false];
  for (const word of shellWords(text)) {
    if (SEPARATORS.has(word)) {
      segments.push([]);
      piped.push(word === '|' || word === '|&');
    } else segments.at(-1)!.push(word);
  }
  const readsInput = (words: readonly string[]): boolean =>
    words.some((word, index) => word === '-' || /stdin/.test(word) || (word === '<' && index + 1 < words.length));
  // `cat F | tool`: the one file cat pipes is the tool's standard input, as a redirect's is.
  segments.forEach((words, index) => {
    if (piped[index + 1] === true && /^(?:cat|type)$/.test(words[0] ?? '') && words.length === 2 && looksLikeFile(words[1]!))
      strong.add(words[1]!);
  });
  // A segment that reads standard input, and the one that feeds it through a pipe.
  const reading = segments.filter((words, index) => readsInput(words) || (piped[index + 1] === true && readsInput(segments[index + 1]!)));
  const optional = new Set<string>();
  const weak = new Set<string>();
  for (const words of reading.length > 0 ? reading : segments) {
    // `.read q.sql`, `source q.sql;`, `@install.sql`: the file a client's command runs is its input.
    const [first = '', second = ''] = words;
    const read = READ_COMMAND.test(first) ? second.replace(/;$/, '') : /^@{1,2}[^@]/.test(first) ? first.replace(/^@+|;$/g, '') : '';
    if (read !== '' && looksLikeFile(read)) strong.add(read);
    for (let index = 1; index < words.length; index++) {
      const word = words[index]!;
      const previous = words[index - 1]!;
      const option = /^(--?[\w-]+)=(.*)$/.exec(word);
      if (option && INPUT_OPTION.test(option[1]!) && looksLikeFile(option[2]!)) strong.add(option[2]!);
      else if (previous === '<' && looksLikeFile(word)) strong.add(word);
      else if (INPUT_OPTION.test(previous) && looksLikeFile(word)) (/stdin|assume/.test(previous) ? strong : optional).add(word);
      else if (!/^\d*>/.test(previous) && !OUTPUT_OPTION.test(previous) && previous !== '<') {
        // A quoted sqlite or psql meta-command holds its file after a blank (`".read q.sql"`, `-c "\i q.sql"`).
        const parts = word.trim().split(/\s+/);
        if (parts.length === 2 && READ_COMMAND.test(parts[0]!) && looksLikeFile(parts[1]!)) strong.add(parts[1]!);
        else for (const part of parts) if (looksLikeFile(part)) weak.add(part);
      }
    }
  }
  const chosen = strong.size > 0 ? strong : inputOnly ? optional : new Set([...optional, ...weak]);
  return chosen.size === 1 ? [...chosen][0] : undefined;
}

/**
 * The one path operand of a command whose file name the message names as a word: a tool that prints only the
 * name of what it read (`docker-default at line 11: syntax error` under `apparmor_parser -r /etc/apparmor.d/docker-default`)
 * means the operand. Only operands with a folder count (a bare word is the command's vocabulary as often as a file),
 * never an output; several that match leave it unnamed.
 */
export function operandNamedIn(command: string | readonly string[], message: string): string | undefined {
  const text = typeof command === 'string' ? command : command.join(' ');
  const words = shellWords(text);
  const found = new Set<string>();
  for (let index = 1; index < words.length; index++) {
    const word = words[index]!;
    const previous = words[index - 1]!;
    if (word.startsWith('-') || !word.includes('/') || /^\d*>/.test(previous) || OUTPUT_OPTION.test(previous)) continue;
    if (/^[a-z][\w+.-]*:\/\//i.test(word) || word.endsWith('/')) continue;
    const name = word.slice(word.lastIndexOf('/') + 1);
    if (name.length < 3 || !/[A-Za-z]/.test(name) || !namesWord(message, name)) continue;
    found.add(word);
  }
  return found.size === 1 ? [...found][0] : undefined;
}

/** Whether `name` stands in `message` as a whole word (not inside a longer name or path). */
function namesWord(message: string, name: string): boolean {
  for (let at = message.indexOf(name); at !== -1; at = message.indexOf(name, at + 1)) {
    const before = message[at - 1] ?? ' ';
    const after = message[at + name.length] ?? ' ';
    if (!/[\w./\\-]/.test(before) && !/[\w/\\-]/.test(after) && !(after === '.' && /\w/.test(message[at + name.length + 1] ?? '')))
      return true;
  }
  return false;
}
