// JVM build tools: Maven `[ERROR] …:[12,5]`, Surefire `AppTest.testAdd:42` (no extension → basename), Kotlin
// `e: file:///…App.kt:12:5` and the legacy `e: /…/App.kt: (12, 5):`, Scala 2 caret lines with tabs
// (formats.md §3.6, §3.10, §3.11, §3.16).
import { describe, expect, it } from 'vitest';
import { scanLog as scan } from '../_scan.js';

describe('maven and surefire', () => {
  it('reads the bracketed [L,C] of maven-compiler-plugin', () => {
    expect(scan(['[ERROR] /home/u/app/src/main/java/com/acme/App.java:[12,5] cannot find symbol'])).toMatchObject([
      {
        file: '/home/u/app/src/main/java/com/acme/App.java',
        line: 12,
        column: 5,
        severity: 'error',
        message: 'cannot find symbol',
        format: 'maven',
      },
    ]);
  });

  it('maps Surefire `AppTest.testAdd:42` to the basename AppTest.java', () => {
    expect(scan(['[ERROR] Failures: ', '[ERROR]   AppTest.testAdd:42 expected:<3> but was:<4>'])).toMatchObject([
      {
        file: 'AppTest.java',
        line: 42,
        column: null,
        severity: 'error',
        message: 'expected:<3> but was:<4>',
        format: 'surefire',
        hints: { basenameOnly: true },
      },
    ]);
  });
});

describe('surefire rows with no line', () => {
  it('takes a class-level row as the class file, whole and weak, with the package its header named', () => {
    const log = [
      '[ERROR] Tests run: 1, Failures: 0, Errors: 1, Skipped: 0, Time elapsed: 0.05 s <<< FAILURE! -- in com.acme.LedgerTest',
      '[ERROR] Errors: ',
      '[ERROR]   LedgerTest » IllegalState no store configured',
    ];
    expect(scan(log)).toMatchObject([
      {
        file: 'LedgerTest.java',
        line: 0,
        message: 'IllegalState no store configured',
        format: 'surefire',
        hints: { basenameOnly: true, confirm: true, fileOnly: true, packagePath: 'com.acme' },
      },
    ]);
  });

  it('reads a method with no line and a class written in full the same way', () => {
    const rows = scan(['[ERROR]   LedgerTest.opens » Timeout after 5s', '[ERROR]   com.acme.ShelfTest » NullPointer']);
    expect(rows.map((row) => [row.file, row.line, row.hints?.packagePath])).toEqual([
      ['LedgerTest.java', 0, undefined],
      ['ShelfTest.java', 0, 'com.acme'],
    ]);
  });

  it('leaves rows that name no class alone', () => {
    expect(scan(['[ERROR]   Run 1: » flaky', '[ERROR]   There are test failures.'])).toEqual([]);
  });
});

describe('kotlin', () => {
  it('reads the file:// URI form (1.7+) and the legacy `: (L, C):` form alike', () => {
    // Both forms read as the same report: kept once, with the log line of the second printing.
    expect(
      scan([
        'e: file:///home/u/app/src/main/kotlin/App.kt:12:5 Unresolved reference: foo',
        'e: /home/u/app/src/main/kotlin/App.kt: (12, 5): Unresolved reference: foo',
      ]),
    ).toMatchObject([
      {
        file: '/home/u/app/src/main/kotlin/App.kt',
        line: 12,
        column: 5,
        severity: 'error',
        message: 'Unresolved reference: foo',
        format: 'kotlin',
        logLine: 1,
        repeatedAt: [2],
      },
    ]);
  });
});

describe('scala', () => {
  it("keeps sbt's printed column and joins found/required into the message", () => {
    expect(
      scan([
        '[error] /home/u/app/src/main/scala/App.scala:7:3: type mismatch;',
        '[error]  found   : String("x")',
        '[error]  required: Int',
        '[error] \tval x: Int = "x"',
        '[error] \t             ^',
      ]),
    ).toMatchObject([
      {
        file: '/home/u/app/src/main/scala/App.scala',
        line: 7,
        column: 3,
        severity: 'error',
        message: 'type mismatch;\nfound   : String("x")\nrequired: Int',
        format: 'scala',
      },
    ]);
  });

  it('counts a caret line that keeps the source tab (2.12+) in characters', () => {
    // `\tval x: Int = "x"`: the string literal is character 15; the caret line is a tab and 13 spaces.
    expect(
      scan([
        '/home/u/app/src/App.scala:7: error: type mismatch;',
        ' found   : String("x")',
        ' required: Int',
        '\tval x: Int = "x"',
        '\t             ^',
      ]),
    ).toMatchObject([{ file: '/home/u/app/src/App.scala', line: 7, column: 15, severity: 'error', format: 'scala' }]);
  });

  it('maps a caret line with the tab expanded to 8 columns (2.11) back to the character', () => {
    expect(
      scan([
        '/home/u/app/src/App.scala:7: error: type mismatch;',
        ' found   : String("x")',
        ' required: Int',
        '\tval x: Int = "x"',
        `${' '.repeat(21)}^`,
      ]),
    ).toMatchObject([{ file: '/home/u/app/src/App.scala', line: 7, column: 15, severity: 'error', format: 'scala' }]);
  });
});

describe('look-alikes', () => {
  it('finds nothing in Maven progress lines or a C++ scope', () => {
    expect(
      scan([
        '[INFO] Building app 1.0-SNAPSHOT',
        '[INFO] Total time:  01:02 min',
        '[ERROR] Tests run: 3, Failures: 1, Errors: 0, Skipped: 0',
        'std::vector<int>::push_back',
        'Total (x86) 12,5 items',
      ]),
    ).toEqual([]);
  });
});

describe('gradle task headers', () => {
  const where = (lines: string[]) => scan(lines).map((location) => `${location.hints?.directory ?? '.'} ${location.file}:${location.line}`);

  it("reads a task's relative paths in its project's folder, and a root task's in the root", () => {
    expect(
      where([
        '> Task :core:checkKotlinGradleModel UP-TO-DATE',
        '> Task :core:spotlessKotlin FAILED',
        "Step 'ktlint' found problem in 'src/main/kotlin/shop/Cart.kt':",
        'Error on line: 11, column: 1',
        '> Task :spotlessKotlinGradle FAILED',
        "Step 'ktlint' found problem in 'build.gradle.kts':",
        'Error on line: 10, column: 1',
      ]),
    ).toEqual(['core src/main/kotlin/shop/Cart.kt:11', '. build.gradle.kts:10']);
  });

  it('takes a nested project path as nested folders, and the failure report names the task again', () => {
    expect(
      where([
        '> Task :feature:cart:lintDebug FAILED',
        '> Task :app:assembleDebug',
        '* What went wrong:',
        "Execution failed for task ':feature:cart:lintDebug'.",
        "> Step 'ktlint' found problem in 'src/main/kotlin/Cart.kt':",
        '  Error on line: 4, column: 2',
      ]),
    ).toEqual(['feature/cart src/main/kotlin/Cart.kt:4']);
  });

  it("ends the task's folder with the build: a later step's relative paths are the root's", () => {
    expect(
      where([
        '> Task :core:spotlessKotlin FAILED',
        "Step 'ktlint' found problem in 'src/Cart.kt':",
        'Error on line: 3, column: 1',
        'BUILD FAILED in 4s',
        "Step 'ktlint' found problem in 'src/Till.kt':",
        'Error on line: 5, column: 1',
      ]),
    ).toEqual(['core src/Cart.kt:3', '. src/Till.kt:5']);
  });

  it("names the project's source set a test or compile task runs, for a basename printed in several source sets", () => {
    const sourceSetOf = (task: string): string | undefined =>
      scan([`> Task ${task} FAILED`, 'Cart > adds FAILED', '    java.lang.AssertionError at CartTest.kt:9'])[0]?.hints?.packageName;
    expect(sourceSetOf(':shop:jvmTest')).toBe('shop/src/jvmTest');
    expect(sourceSetOf(':shop:core:test')).toBe('shop/core/src/test');
    expect(sourceSetOf(':app:testDebugUnitTest')).toBe('app/src/test');
    expect(sourceSetOf(':app:connectedDebugAndroidTest')).toBe('app/src/androidTest');
    expect(sourceSetOf(':integrationTest')).toBe('src/integrationTest');
    expect(sourceSetOf(':shop:compileTestKotlinJvm')).toBe('shop/src/jvmTest');
    expect(sourceSetOf(':shop:compileKotlin')).toBe('shop/src/main');
    // A task that runs no source set names none.
    expect(sourceSetOf(':shop:check')).toBeUndefined();
  });
});

describe('ant', () => {
  it('reads a BUILD FAILED chain as one call stack of build files, the failing task innermost (last)', () => {
    const found = scan([
      'BUILD FAILED',
      '',
      'D:\\My Projects\\shop\\build.xml:17: The following error occurred while executing this line:',
      'D:\\My Projects\\shop\\common.xml:409: The following error occurred while executing this line:',
      'D:\\My Projects\\shop\\server\\build.xml:122: Java returned: 1',
      '\tat org.apache.tools.ant.ProjectHelper.addLocationToBuildException(ProjectHelper.java:575)',
    ]).filter((location) => location.format === 'ant');
    expect(found.map((location) => [location.file, location.line, location.frame?.index])).toEqual([
      ['D:\\My Projects\\shop\\build.xml', 17, 0],
      ['D:\\My Projects\\shop\\common.xml', 409, 1],
      ['D:\\My Projects\\shop\\server\\build.xml', 122, 2],
    ]);
    expect(new Set(found.map((location) => location.frame?.trace)).size).toBe(1);
    expect(found.every((location) => location.frame?.innermostLast === true && location.message === 'Java returned: 1')).toBe(true);
  });

  it("marks the Android SDK's own rules as the toolchain, wherever the SDK was unpacked", () => {
    const found = scan([
      'BUILD FAILED',
      'E:\\android\\sdk\\tools\\ant\\build.xml:716: The following error occurred while executing this line:',
      '/opt/android-sdk-linux/tools/ant/build.xml:730: Compile failed; see the compiler error output for details.',
    ]).filter((location) => location.format === 'ant');
    expect(found.map((location) => location.hints?.runtime)).toEqual([true, true]);
  });

  it('leaves a lone build-file line with no caller above it to the other formats', () => {
    const found = scan(['BUILD FAILED', '/home/u/app/build.xml:167: /home/u/lib does not exist.']);
    expect(found.some((location) => location.format === 'ant')).toBe(false);
  });
});
