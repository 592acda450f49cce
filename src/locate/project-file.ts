// The project file: `faultline.config.json` at the workspace root (else the `faultline` key of its package.json),
// the one file the language-server table lives in too (src/lsp-client/config.ts reads `servers`), and the place a
// project keeps what its users would
// otherwise repeat on every command line — its own tools' patterns (errorformat syntax, as with `--efm`), paths
// whose findings are never wanted (generated code, gitignore syntax) and severity overrides (eslint's habit:
// a rule or code set to error, warning, note or off). It is data only: nothing in it runs.
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { FaultlineError, type Severity } from '../core/index.js';
import type { UserFormat } from '../grammars/index.js';

export const PROJECT_FILE = 'faultline.config.json';
// A project file is a few hundred bytes; a larger one is a mistake or a planted file, refused before it is read.
const MAX_PROJECT_FILE_BYTES = 256 * 1024;
const NAME = /^[a-z0-9][a-z0-9-]*$/;

export type SeverityOverride = Severity | 'off';

export interface ProjectSettings {
  /** Where the settings were read from (absolute), for notes. */
  readonly file: string;
  readonly formats: readonly UserFormat[];
  /** gitignore-style patterns, relative to the root holding the project file. */
  readonly ignore: readonly string[];
  /** Keyed by a code (`no-console`, `TS6133`), a format (`eslint-stylish`) or both (`eslint-stylish:no-console`). */
  readonly severity: Readonly<Record<string, SeverityOverride>>;
  /** Commands `faultline lsp` runs on save or open of a file of these languages (efm-langserver's lint-command). */
  readonly lint: readonly LintCommand[];
}

/** One on-save/on-open command. It is data here; the server decides by command safety and trust whether it runs. */
export interface LintCommand {
  /** LSP language ids (`python`, `typescript`…) whose files it checks. */
  readonly languages: readonly string[];
  /** argv, no shell; `${file}` is replaced by the file's path relative to the root. */
  readonly command: readonly string[];
  /** Feed the editor's text on stdin (efm's lint-stdin) instead of letting the tool read the saved file. */
  readonly stdin: boolean;
  readonly on: readonly ('save' | 'open')[];
}

function fail(file: string, why: string): never {
  throw new FaultlineError('E_CONFIG', `${file}: ${why}`);
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function stringList(file: string, where: string, value: unknown): string[] {
  if (!Array.isArray(value) || value.some((item) => typeof item !== 'string' || item === ''))
    fail(file, `${where} must be a list of non-empty strings`);
  return value as string[];
}

/** Reads and checks a project file's text; every mistake is a one-line E_CONFIG naming the file and the key. */
export function parseProjectFile(file: string, text: string): ProjectSettings {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    fail(file, `not valid JSON (${(error as Error).message})`);
  }
  if (!isObject(data)) fail(file, 'must hold a JSON object');
  return settingsOf(file, data);
}

function settingsOf(file: string, data: Record<string, unknown>): ProjectSettings {
  // `servers` is the language-server table's (checked by src/lsp-client/config.ts).
  const known = new Set(['$schema', 'formats', 'ignore', 'severity', 'servers', 'lint']);
  const unknown = Object.keys(data).find((key) => !known.has(key));
  if (unknown !== undefined) fail(file, `unknown key "${unknown}" (known: formats, ignore, severity, servers, lint)`);
  const formats: UserFormat[] = [];
  if (data.formats !== undefined) {
    if (!Array.isArray(data.formats)) fail(file, '"formats" must be a list of {"name", "efm"} objects');
    data.formats.forEach((entry, index) => {
      if (!isObject(entry) || typeof entry.name !== 'string' || !NAME.test(entry.name)) {
        fail(file, `formats[${index}].name must be a kebab-case name`);
      }
      formats.push({ name: entry.name, patterns: stringList(file, `formats[${index}].efm`, entry.efm) });
    });
  }
  const ignore = data.ignore === undefined ? [] : stringList(file, '"ignore"', data.ignore);
  const severity: Record<string, SeverityOverride> = {};
  if (data.severity !== undefined) {
    if (!isObject(data.severity)) fail(file, '"severity" must map codes or formats to error, warning, note or off');
    for (const [key, value] of Object.entries(data.severity)) {
      if (value !== 'error' && value !== 'warning' && value !== 'note' && value !== 'off')
        fail(file, `severity "${key}" must be error, warning, note or off`);
      severity[key] = value;
    }
  }
  return { file, formats, ignore, severity, lint: lintOf(file, data.lint) };
}

function lintOf(file: string, value: unknown): LintCommand[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) fail(file, '"lint" must be a list of {"languages", "command", "stdin", "on"} objects');
  return value.map((entry, index) => {
    const where = `lint[${index}]`;
    if (!isObject(entry)) fail(file, `${where} must be an object`);
    const extra = Object.keys(entry).find((key) => !['languages', 'command', 'stdin', 'on'].includes(key));
    if (extra !== undefined) fail(file, `${where}: unknown key "${extra}" (known: languages, command, stdin, on)`);
    if (entry.stdin !== undefined && typeof entry.stdin !== 'boolean') fail(file, `${where}.stdin must be true or false`);
    const on = entry.on === undefined ? ['save'] : stringList(file, `${where}.on`, entry.on);
    if (on.length === 0 || on.some((when) => when !== 'save' && when !== 'open'))
      fail(file, `${where}.on must list "save", "open" or both`);
    const command = stringList(file, `${where}.command`, entry.command);
    if (command.length === 0) fail(file, `${where}.command must name a program`);
    const languages = stringList(file, `${where}.languages`, entry.languages);
    if (languages.length === 0) fail(file, `${where}.languages must name at least one language id`);
    return { languages, command, stdin: entry.stdin === true, on: on as ('save' | 'open')[] };
  });
}

function boundedText(file: string): string | undefined {
  let size: number;
  try {
    // Most roots have no project file: a miss returns undefined instead of building an error (every warm call asks).
    const stat = statSync(file, { throwIfNoEntry: false });
    if (stat === undefined) return undefined;
    if (!stat.isFile()) fail(file, 'is not a regular file');
    size = stat.size;
  } catch (error) {
    if (error instanceof FaultlineError) throw error;
    return undefined;
  }
  if (size > MAX_PROJECT_FILE_BYTES) fail(file, `is ${size} bytes; a project file holds at most ${MAX_PROJECT_FILE_BYTES}`);
  return readFileSync(file, 'utf8');
}

/** The project settings of a root (faultline.config.json, else package.json's "faultline"), or undefined. */
export function readProjectFile(root: string): ProjectSettings | undefined {
  const file = join(root, PROJECT_FILE);
  const text = boundedText(file);
  if (text !== undefined) return parseProjectFile(file, text);
  const manifestFile = join(root, 'package.json');
  const manifestText = boundedText(manifestFile);
  if (manifestText === undefined) return undefined;
  let manifest: unknown;
  try {
    manifest = JSON.parse(manifestText);
  } catch {
    return undefined; // a broken package.json is npm's to report, not ours
  }
  if (!isObject(manifest) || manifest.faultline === undefined) return undefined;
  if (!isObject(manifest.faultline)) fail(`${manifestFile}: "faultline"`, 'must be an object');
  return settingsOf(`${manifestFile}: "faultline"`, manifest.faultline);
}
