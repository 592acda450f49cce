// An allow-list of options per read-only tool. A command is read-only only when every option it is given is
// one its spec lists as harmless: an unknown option, an option that writes or runs, and any abbreviation a
// GNU getopt_long or git parse-options tool would expand to one (`--outp` → `--output`) need approval,
// named in the reason. Options are never matched against a list of dangerous spellings alone.

/** The two long options every GNU tool reads (`--help`, `--version`), for the `long` lists of the tool tables. */
export const HV = 'help version';
/** The reason an option that writes a file needs approval. */
export const WRITES = 'writes a file';

export type Args = (string | null)[];

/** A command's read-only check: null = read-only; a string = why these arguments are not. */
export type Check = (args: Args) => string | null;

export interface ToolSpec {
  /** Short flags without a value, as one string of letters (`'abn'`). */
  flags?: string;
  /** Short options that take a value, attached (`-n5`) or as the next word. */
  values?: string;
  /** Long options without a value, space-separated, without the leading `--`. */
  long?: string;
  /** Long options that take a value (`--x=V` or `--x V`). */
  longValues?: string;
  /** Long options whose value is optional: only `--x=V` gives one. */
  longOptional?: string;
  /** Options that write or run (short `-o`, long `--output`), each with what it does; known so that
   * their abbreviations are recognised too. */
  unsafe?: Record<string, string>;
  /** Short options whose value is optional and only attached (`git status -uno`, `date -Iseconds`). */
  attached?: string;
  /** Accepts `-NUM` (head -20). */
  numeric?: boolean;
  /** `--no-X` is accepted for every long X (git's parse-options). */
  negatable?: boolean;
  /** Options stop at the first operand (POSIX order; git subcommands are GNU order). */
  posixOrder?: boolean;
  /** Every operand is a file whose contents the command prints (a computed operand could name a secret). */
  printsFiles?: boolean;
  /** No option of this tool (GNU, BSD, busybox) writes or runs a program: a computed argument may be any option.
   * (What it may read is judged by the path checks: see printsFiles.) */
  computedOk?: boolean;
  /** Checks the operands (and parsed options) once every option is known. */
  check?: (parsed: Parsed) => string | null;
}

interface Parsed {
  operands: Args;
  /** Options as resolved names (`-n`, `--lines`), each with its value (null when none or computed). */
  options: { name: string; value: string | null; given: string }[];
  has: (...names: string[]) => boolean;
}

function words(list: string | undefined): string[] {
  return (list ?? '')
    .split(/\s+/)
    .filter((word) => word !== '')
    .map((word) => `--${word}`);
}

interface Compiled {
  spec: ToolSpec;
  noValue: Set<string>;
  withValue: Set<string>;
  optional: Set<string>;
  all: string[];
}

const compiled = new WeakMap<ToolSpec, Compiled>();

function compile(spec: ToolSpec): Compiled {
  let done = compiled.get(spec);
  if (done) return done;
  const noValue = new Set(words(spec.long));
  const withValue = new Set(words(spec.longValues));
  const optional = new Set(words(spec.longOptional));
  const unsafeLong = Object.keys(spec.unsafe ?? {}).filter((name) => name.startsWith('--'));
  const all = [...new Set([...noValue, ...withValue, ...optional, ...unsafeLong])];
  if (spec.negatable)
    for (const name of [...noValue, ...withValue, ...optional]) if (!name.startsWith('--no-')) all.push(`--no-${name.slice(2)}`);
  done = { spec, noValue, withValue, optional, all };
  compiled.set(spec, done);
  return done;
}

/** The long option `name` (without `=`) resolves to, or why it is not accepted. */
function resolveLong(name: string, tool: string, c: Compiled): { name: string } | { reason: string } {
  const unsafe = c.spec.unsafe ?? {};
  if (c.all.includes(name)) return unsafe[name] ? { reason: `${tool} ${name} ${unsafe[name]}` } : { name };
  const candidates = c.all.filter((option) => option.startsWith(name));
  const risky = candidates.find((option) => unsafe[option]);
  if (risky) return { reason: `${tool} ${name} abbreviates ${risky}, which ${unsafe[risky]}` };
  if (candidates.length === 0) return { reason: `${tool} ${name} is not an option known to only read` };
  // Several harmless candidates (`--colo`: --color, --colour): the tool takes one of them or stops.
  const kinds = new Set(candidates.map((option) => (c.withValue.has(option) ? 'value' : 'flag')));
  return kinds.size === 1 ? { name: candidates[0]! } : { reason: `${tool} ${name} is ambiguous (${candidates.slice(0, 4).join(', ')})` };
}

/** Parses `args` against a spec; returns why they are not read-only, or the parsed options and operands. */
export function parseOptions(tool: string, spec: ToolSpec, args: Args): { reason: string } | Parsed {
  const c = compile(spec);
  const unsafe = spec.unsafe ?? {};
  const operands: Args = [];
  const options: Parsed['options'] = [];
  let endOfOptions = false;
  for (let at = 0; at < args.length; at++) {
    const arg = args[at];
    if (arg === null || arg === undefined) {
      if (!endOfOptions && !spec.computedOk) return { reason: `a computed argument of ${tool} could be an option` };
      operands.push(null);
      continue;
    }
    if (endOfOptions || arg === '-' || !arg.startsWith('-')) {
      operands.push(arg);
      if (spec.posixOrder) endOfOptions = true;
      continue;
    }
    if (arg === '--') {
      endOfOptions = true;
      continue;
    }
    if (arg.startsWith('--')) {
      const equals = arg.indexOf('=');
      const resolved = resolveLong(equals < 0 ? arg : arg.slice(0, equals), tool, c);
      if ('reason' in resolved) return resolved;
      let value: string | null = equals < 0 ? null : arg.slice(equals + 1);
      if (c.withValue.has(resolved.name) && equals < 0) {
        if (at + 1 >= args.length) return { reason: `${tool} ${resolved.name} is missing its value` };
        value = args[++at] ?? null;
      }
      options.push({ name: resolved.name, value, given: arg });
      continue;
    }
    for (let letter = 1; letter < arg.length; letter++) {
      const char = arg[letter]!;
      if (spec.numeric && /\d/.test(char)) {
        while (letter + 1 < arg.length && /\d/.test(arg[letter + 1]!)) letter++;
        continue;
      }
      const name = `-${char}`;
      if (unsafe[name]) return { reason: `${tool} ${name}${arg.length > 2 ? ` (in ${arg})` : ''} ${unsafe[name]}` };
      if (spec.attached?.includes(char)) {
        options.push({ name, value: arg.slice(letter + 1) || null, given: arg });
        break;
      }
      if (spec.values?.includes(char)) {
        const attached = arg.slice(letter + 1);
        let value: string | null = attached;
        if (attached === '') {
          if (at + 1 >= args.length) return { reason: `${tool} ${name} is missing its value` };
          value = args[++at] ?? null;
        }
        options.push({ name, value, given: arg });
        break;
      }
      if (!spec.flags?.includes(char))
        return { reason: `${tool} ${name}${arg.length > 2 ? ` (in ${arg})` : ''} is not an option known to only read` };
      options.push({ name, value: null, given: arg });
    }
  }
  const has = (...names: string[]): boolean => options.some((option) => names.includes(option.name));
  return { operands, options, has };
}

/** null when read-only under the spec, else why not. */
export function checkOptions(tool: string, spec: ToolSpec, args: Args): string | null {
  const parsed = parseOptions(tool, spec, args);
  if ('reason' in parsed) return parsed.reason;
  return spec.check?.(parsed) ?? null;
}
