// JVM build tools: Maven's `[ERROR] path:[L,C] msg` (compiler, checkstyle…), Surefire's `Class.method:L`
// summaries, Gradle's `* Where:` build-script locations and Android AAPT resource errors; Kotlin and Scala
// live in _kotlin.ts and _scala.ts. Link: https://maven.apache.org/plugins/maven-compiler-plugin/
import { Colon, Comma, Dash, Gt, Int, LBracket, RBracket, Space, SQuote, Word } from '../../engine/tokens.js';
import type { GrammarFamily, GrammarFormat, LineContext } from '../../engine/format.js';
import type { LineParser } from '../../engine/parser.js';
import type { Severity } from '../../../core/index.js';
import { parseColonHead, plausiblePath, severityOf } from '../shared/common.js';
import { consumeUntil } from '../../engine/until.js';
import { directoryContext } from '../../engine/directories.js';
import { defineKotlinRules, detekt, kotlin, ktlint } from './kotlin.js';
import { scala, scala3 } from './scala.js';
import { playTemplate, scalastyle } from './jvm-legacy.js';

function defineRules(parser: LineParser): void {
  // `path:[12,5]` or `path:[12]` — Maven's own location suffix (plexus-compiler's CompilerMessage).
  parser.define('mavenLocation', () => {
    consumeUntil(parser, 20, (peek) => peek(1).tokenType === Colon && peek(2).tokenType === LBracket && peek(3).tokenType === Int);
    parser.tok(1, Colon);
    parser.tok(1, LBracket);
    parser.tok(1, Int);
    parser.opt(1, () => {
      parser.tok(1, Comma);
      parser.tok(2, Int);
    });
    parser.tok(1, RBracket);
  });
  // `AppTest.testAdd:42` optionally followed by `->helper:57` hops within the test class.
  parser.define('surefireRef', () => {
    parser.tok(1, Word);
    parser.tok(1, Colon);
    parser.tok(1, Int);
    parser.rep(
      1,
      () => parser.peek(1).tokenType === Dash && parser.peek(2).tokenType === Gt,
      () => {
        parser.tok(1, Dash);
        parser.tok(1, Gt);
        parser.tok(2, Word);
        parser.tok(2, Colon);
        parser.tok(2, Int);
      },
    );
  });
  // `'/home/u/app/build.gradle' line: 12` (Gradle's `* Where:` section).
  parser.define('gradleWhere', () => {
    parser.tok(1, SQuote);
    consumeUntil(parser, 20, (peek) => peek(1).tokenType === SQuote);
    parser.tok(2, SQuote);
    parser.tok(1, Space);
    parser.tok(1, Word);
    parser.tok(1, Colon);
    parser.opt(1, () => parser.tok(2, Space));
    parser.tok(1, Int);
  });
  defineKotlinRules(parser);
}

// `[ERROR] ` / `[WARNING] ` at line start; Maven colours the level word unless run with -B.
const MAVEN_LINE = '^(?:\\x1b\\[[0-9;]*m)*\\[(?:\\x1b\\[[0-9;]*m)*(?:ERROR|WARNING)(?:\\x1b\\[[0-9;]*m)*\\] ';
const MAVEN_LEVEL = /^\[(ERROR|WARNING|WARN|INFO)\] /;

function mavenSeverity(level: string): Severity {
  return level === 'ERROR' ? 'error' : level.startsWith('WARN') ? 'warning' : 'note';
}

// `[ERROR] /abs/App.java:[7,24] cannot find symbol`, then javac's detail lines, bare (`  symbol: …`) in the
// COMPILATION ERROR block or re-prefixed (`[ERROR]   symbol: …`) in the "Failed to execute goal" repeat.
// Without the level prefix (Maven 2's `Compilation failure` block, IDE consoles): `/abs/App.java:[7,24] msg`.
const MAVEN_BARE = /^(?=\S)[^[\n]*\.(?:java|kt|scala|groovy):\[\d/;

function parseMaven(context: LineContext): boolean {
  const level = MAVEN_LEVEL.exec(context.text) ?? (MAVEN_BARE.test(context.text) ? Object.assign([''], { 1: 'ERROR' }) : null);
  if (!level) return false;
  const parsed = context.parse('mavenLocation', { from: level[0].length });
  if (!parsed) return false;
  // The location is everything the rule consumed; its numbers are the bracketed suffix's (a path may hold Ints).
  const location = /^(.*):\[(\d+)(?:,(\d+))?\]$/.exec(context.slice(parsed.cst, parsed));
  const file = location?.[1]?.trim() ?? '';
  if (!location || !plausiblePath(file)) return false;
  const line = Number(location[2]);
  const column = location[3] === undefined ? undefined : Number(location[3]);
  const details: string[] = [];
  for (let delta = 1; delta <= 6; delta++) {
    const detail = /^(?:\[(?:ERROR|WARNING)\])? {2,}(\S.*)$/.exec(context.line(delta) ?? '');
    if (!detail || /^[\w$.]+:\d/.test(detail[1] ?? '')) break;
    details.push(detail[1] ?? '');
  }
  const message = [context.text.slice(parsed.end).trim(), ...details].join('\n');
  context.emit({ file, line, column: column ?? null, severity: mavenSeverity(level[1] ?? ''), message });
  return true;
}

interface SurefireState {
  /** Simple class name → package, from the `<<< FAILURE!` lines that name the test by its full name. */
  packages: Map<string, string>;
}

function rememberPackages(context: LineContext, state: SurefireState): void {
  // 3.x `[ERROR] com.acme.AppTest.testAdd -- Time elapsed … <<< FAILURE!`, `… <<< FAILURE! -- in com.acme.AppTest`,
  // 2.x `testAdd(com.acme.AppTest)  Time elapsed: 0.01 sec  <<< FAILURE!`.
  for (const match of context.text.matchAll(/\b((?:[a-z_][\w$]*\.)+)([A-Z][\w$]*)(?=[.)\s]|$)/g)) {
    state.packages.set(match[2] ?? '', (match[1] ?? '').slice(0, -1));
  }
}

// The Results block: `[ERROR]   AppTest.testAdd:10 expected: <4> but was: <3>` — the class's simple name, the
// method and the line, no file (formats.md §3.11). The file is the class's source file: its extension and
// package come from the stack frame printed above for the same class when there is one.
function parseSurefire(context: LineContext): boolean {
  const state = context.state<SurefireState>(() => ({ packages: new Map() }));
  if (/<<< (?:FAILURE|ERROR)!/.test(context.text)) {
    rememberPackages(context, state);
    return false;
  }
  const level = /^\[(ERROR|WARNING)\] {3}(?=[A-Za-z_$])/.exec(context.text);
  if (!level) return false;
  const parsed = context.parse('surefireRef', { from: level[0].length });
  if (!parsed) return parseClassLevel(context, state, level[0].length);
  const hops = context.slice(parsed.cst, parsed).split('->');
  const [classMethod = '', ...rest] = hops;
  const dot = classMethod.lastIndexOf('.');
  if (dot <= 0) return false;
  const className = classMethod.slice(0, dot).replace(/\$.*$/, '');
  const message = context.text
    .slice(parsed.end)
    .replace(/^\s*»?\s*/, '')
    .trim();
  const frame = [...context.emitted]
    .reverse()
    .find((location) => location.frame && new RegExp(`^${className}\\.\\w+$`).test(location.file));
  const file = frame?.file ?? `${className}.java`;
  const packagePath = frame?.hints?.packagePath ?? state.packages.get(className);
  const hints = packagePath === undefined ? { basenameOnly: true } : { basenameOnly: true, packagePath };
  // Hops run outward-in (`test:42->helper:57`): the last is where the assertion failed.
  const lines = [classMethod, ...rest].map((hop) => Number(hop.slice(hop.lastIndexOf(':') + 1)));
  lines.forEach((line, index) => {
    const last = index === lines.length - 1;
    const severity: Severity = level[1] === 'WARNING' ? 'warning' : last ? 'error' : 'note';
    context.emit({ file, line, severity, message: last ? message : `calls ${rest[index]?.replace(/:\d+$/, '')}`, hints });
  });
  return true;
}

// A row of the Results block with no line (`[ERROR]   AppTest » IllegalState msg`, `AppTest.testAdd » Timeout`, the
// class written in full by some providers): the class failed before or around its tests (a `@BeforeAll`, an
// extension, a framework's context that would not start) and no frame of it was kept. The class's source file is the
// place as a whole: a weak one (confirmed by the workspace) and a whole-file one (kept only when no frame of the log
// resolved, since a frame says where in that class or below it).
const CLASS_ROW = /^((?:[a-z_][\w$]*\.)*)([A-Z][\w$]*)(?:\.[a-z_][\w$]*)? » (.*)$/;

function parseClassLevel(context: LineContext, state: SurefireState, from: number): boolean {
  const row = CLASS_ROW.exec(context.text.slice(from));
  if (!row) return false;
  const className = (row[2] ?? '').replace(/\$.*$/, '');
  const packagePath = row[1] ? row[1].slice(0, -1) : state.packages.get(className);
  const hints = { basenameOnly: true, confirm: true, fileOnly: true, ...(packagePath === undefined ? {} : { packagePath }) };
  context.emit({ file: `${className}.java`, line: 0, column: null, severity: 'error', message: (row[3] ?? '').trim(), hints });
  return true;
}

// `> Task :media:spotlessKotlin FAILED` (the plain console's header above a task's output) and the failure report's
// `Execution failed for task ':media:spotlessKotlin'.`: the task's project is `:media`, whose folder is `media/` unless
// the settings moved it (resolve falls back to the root when no such file is there).
// A run of `> Task` lines reads as a Markdown quote (line-texts.ts), so the header may come without its `> `.
const GRADLE_TASK = /^(?:(?:> )?Task |Execution failed for task ')((?::[\w.-]+)+)(?:'\.| [A-Z][A-Z-]*)?$/;

// A task's own output names files relative to its project's folder (spotless's `Step 'ktlint' found problem in
// 'sample/build.gradle.kts'`, Android lint's `src/main/…`): the folder is a step until the next task starts; the
// root project's tasks run in the root.
// `BUILD FAILED in 4s`: Gradle is done, and what a later step of the log prints is no task's.
const GRADLE_DONE = /^BUILD (?:SUCCESSFUL|FAILED)(?: in \S+)?$/;

// The source set a task compiles or tests (held-out sets 54–56): a test report names its class's file by basename only
// (`at FooTests.kt:51`), and a Kotlin Multiplatform module keeps a file of that name in several source sets
// (src/commonTest/, src/jvmTest/). `jvmTest`, `integrationTest` (a test suite) and `test` run their own source set,
// Android's `testDebugUnitTest` runs src/test/ and `connectedDebugAndroidTest` src/androidTest/; `compileTestKotlin`
// compiles src/test/ and `compileKotlinJvm` src/jvmMain/. Other tasks name none.
function gradleSourceSet(task: string): string | undefined {
  if (/^test\w*UnitTest$/.test(task)) return 'test';
  if (/^connected\w*AndroidTest$/.test(task)) return 'androidTest';
  if (task === 'test' || /^[a-z]\w*Test$/.test(task)) return task;
  const compile = /^compile(Test)?(?:Kotlin|Java|Groovy|Scala)([A-Z]\w*)?$/.exec(task);
  if (!compile) return undefined;
  const target = compile[2] === undefined ? '' : `${compile[2].charAt(0).toLowerCase()}${compile[2].slice(1)}`;
  if (target === '') return compile[1] ? 'test' : 'main';
  return `${target}${compile[1] ? 'Test' : 'Main'}`;
}

function gradleTaskFolder(context: LineContext): boolean {
  const task = GRADLE_TASK.exec(context.text);
  const done = task ? false : GRADLE_DONE.test(context.text);
  if (!task && !done) return false;
  const path = task ? (task[1] as string).split(':').slice(1) : [];
  const projects = path.slice(0, -1);
  const directories = directoryContext((key, create) => context.shared(key, create));
  if (projects.length === 0) directories.endStep(context.emitted);
  else directories.step(projects.join('/'), context.emitted);
  // Of several workspace files with a printed basename, the one in the project's folder for that source set.
  const sourceSet = gradleSourceSet(path.at(-1) ?? '');
  directories.namePackage(sourceSet === undefined ? '' : [...projects, 'src', sourceSet].join('/'));
  return true;
}

// `* Where:` then `Build file '/home/u/app/build.gradle' line: 12` (or `Script '…' line:`, `Settings file`),
// and the message in the `* What went wrong:` section that follows.
function parseGradle(context: LineContext): boolean {
  if (/^(?:> )?Task :|^Execution failed for task|^BUILD [FS]/.test(context.text)) return gradleTaskFolder(context);
  const head = /^(?:Build file|Settings file|Script|Initialization script|Precompiled script plugin) (?=')/.exec(context.text);
  if (!head || !/^\* Where:\s*$/.test(context.line(-1) ?? '')) return false;
  const parsed = context.parse('gradleWhere', { from: head[0].length });
  if (!parsed) return false;
  const file = context.slice(parsed.cst, parsed).replace(/^'(.*)' line: ?\d+$/, '$1');
  const [line] = context.ints(parsed.cst).slice(-1);
  if (line === undefined || !plausiblePath(file)) return false;
  const message: string[] = [];
  for (let delta = 1; delta <= 20 && message.length < 6; delta++) {
    const next = context.line(delta);
    if (next === undefined || /^\* (?:Try|Exception is|Get more help):/.test(next)) break;
    if (/^\* What went wrong:/.test(next) || (message.length === 0 && next.trim() === '')) continue;
    if (next.trim() === '') break;
    if (message.length > 0 || context.line(delta - 1)?.startsWith('* What went wrong:')) message.push(next.replace(/^> /, '').trim());
  }
  context.emit({ file, line, severity: 'error', message: message.join('\n') });
  return true;
}

// `ERROR:/abs/res/layout/item.xml:3: AAPT: error: …` (AGP wrapping aapt2) or aapt2's bare
// `/abs/res/values/strings.xml:5: error: …`, which is only aapt2's under res/.
function parseAapt(context: LineContext): boolean {
  const prefix = /^\s*(?:(?:ERROR|WARNING|error|warning): ?)?/.exec(context.text);
  const head = parseColonHead(context, { from: prefix?.[0].length ?? 0 });
  if (!head || !/\.xml$|\.9\.png$/.test(head.file)) return false;
  const tail = /^:\s*AAPT: (error|warning|note)?:?\s*(.*)$/.exec(head.rest);
  if (!tail) return false;
  context.emit({
    file: head.file,
    line: head.line,
    column: head.column,
    severity: severityOf(tail[1]) ?? severityOf(prefix?.[0].replace(/\W/g, '') || undefined) ?? 'error',
    message: tail[2] ?? '',
  });
  return true;
}

const maven: GrammarFormat = {
  name: 'maven',
  language: 'Java',
  description:
    '`mvn -B compile` (maven-compiler-plugin, also checkstyle/PMD-style plugins): `[ERROR] /abs/App.java:[7,24] cannot find symbol`, ' +
    '`[WARNING] …:[10,19] …`, detail lines below; Maven 2 and IDE consoles print the row without the level (`/abs/App.java:[7,24] …`, ' +
    'an error).',
  columnBase: 1,
  // plexus-compiler passes javac's Diagnostic.getColumnNumber(): Java chars, i.e. UTF-16 units.
  columnUnit: 'utf-16',
  fields: ['file', 'line', 'column', 'severity', 'message'],
  observed: true,
  url: 'https://maven.apache.org/plugins/maven-compiler-plugin/',
  // Line-start for the `[ERROR] ` forms; the bare `App.java:[7,24] msg` form by its suffix, whose message a translated
  // front end may glue to the bracket (`:[4,15]找不到符号`: a byte above ASCII in the scanner's latin1 view).
  anchor: `${MAVEN_LINE}|\\.(?:java|kt|scala|groovy):\\[\\d+(?:,\\d+)?\\](?:[ \\x80-\\xff]|$)`,
  parse: parseMaven,
};

const surefire: GrammarFormat = {
  name: 'surefire',
  language: 'Java',
  description:
    '`mvn test` (maven-surefire-plugin Results): `[ERROR]   AppTest.testAdd:10 expected: <4> but was: <3>` — class and method, no ' +
    'file; the file is `AppTest.java` (basename only). A class-level row (`[ERROR]   AppTest » IllegalState …`) names the ' +
    'class file as a whole.',
  columnBase: 1,
  columnUnit: 'unknown',
  fields: ['file', 'line', 'severity', 'message'],
  observed: true,
  url: 'https://maven.apache.org/surefire/maven-surefire-plugin/',
  anchor: MAVEN_LINE,
  parse: parseSurefire,
};

const gradle: GrammarFormat = {
  name: 'gradle',
  language: 'Groovy/Kotlin (Gradle)',
  description:
    "`gradle build` failure report: `* Where:` then `Build file '/home/u/app/build.gradle' line: 12`, the message under `* What " +
    "went wrong:`; a `> Task :lib:check` header makes the task's relative paths relative to the project's folder (`lib/`).",
  columnBase: 1,
  columnUnit: 'unknown',
  fields: ['file', 'line', 'severity', 'message'],
  observed: false,
  url: 'https://docs.gradle.org/current/userguide/troubleshooting.html',
  anchor:
    "(?:Build file|Settings file|Script|Initialization script|Precompiled script plugin) '[^'\\n]{1,1000}' line: ?\\d" +
    "|^(?:> )?Task :|^Execution failed for task ':|^BUILD (?:SUCCESSFUL|FAILED)",
  parse: parseGradle,
};

const aapt: GrammarFormat = {
  name: 'aapt',
  language: 'Android resources',
  description:
    '`./gradlew assembleDebug` (Android Gradle plugin running aapt2): `ERROR:/abs/app/src/main/res/layout/item.xml:3: AAPT: error: …`.',
  columnBase: 1,
  columnUnit: 'unknown',
  fields: ['file', 'line', 'severity', 'message'],
  observed: false,
  url: 'https://developer.android.com/tools/aapt2',
  anchor: 'AAPT: ',
  parse: parseAapt,
};

export const jvmBuildFamily: GrammarFamily = {
  // Maven's bracketed suffix and Surefire's summary rows are unambiguous and come first; Gradle's `* Where:`
  // and AAPT's `AAPT:` are phrase-anchored. The Kotlin linters (ktlint, detekt) precede kotlinc because their
  // `A.kt:12:5: msg (rule)` rows are the CLI's head without a severity word; scalac/sbt precede Scala 3 only
  // for readability (their heads never overlap: Scala 3 starts `-- `). scalastyle (`warning file=… message=`) and
  // Play (`In x.scala.html at line N.`) come last: no other JVM tool prints either head.
  formats: [maven, surefire, gradle, aapt, ktlint, detekt, kotlin, scala, scala3, scalastyle, playTemplate],
  rules: defineRules,
};
