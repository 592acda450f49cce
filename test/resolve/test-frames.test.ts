// A failed test's trace: the test's own frame when a shared assertion helper raised, and the runner's frames kept
// in the workspace outside the test dropped (src/resolve/test-frames.ts).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FrameInfo, RawLocation } from '../../src/core/types.js';
import { resolveLocations } from '../../src/resolve/index.js';
import { isTestFileName, isTestPath } from '../../src/resolve/test-frames.js';
import { makeWorkspace, raw, removeWorkspaces } from './_workspace.js';

let root = '';
beforeEach(async () => {
  root = await makeWorkspace({
    'src/cart.ts': '',
    'src/main.ts': '',
    'test/helpers/checks.ts': '',
    'test/cart.test.ts': '',
    'lib/runner/harness.php': '',
    'tests/cart_test.php': '',
  });
});
afterEach(removeWorkspaces);

const noIgnores = async (): Promise<Set<string>> => new Set();

async function locate(raws: RawLocation[]): Promise<{ order: string[]; dropped: string[] }> {
  const result = await resolveLocations(raws, { cwd: root, roots: [root], isIgnored: noIgnores });
  return {
    order: result.locations.map((l) => `${l.file}:${l.line}`),
    dropped: result.dropped.map((d) => `${d.file}:${d.line}:${d.reason}`),
  };
}

// Frames printed innermost first (V8, JVM, .NET, PHPUnit): index 0 raised.
function frame(file: string, line: number, index: number, message: string): RawLocation {
  const info: FrameInfo = { trace: 0, index, innermostLast: false, causeRank: 0 };
  return raw(file, { line, message, frame: info });
}

describe('isTestPath', () => {
  it('knows tests and their helpers by folder or by name', () => {
    for (const file of [
      'src/test/java/com/acme/Checks.java',
      'tests/helpers.py',
      'spec/support/matchers.rb',
      'src/__tests__/cart.ts',
      'src/EditorFeatures/TestUtilities/State.cs',
      'src/Cart.Tests/CartTests.cs',
      'pkg/cart_test.go',
      'web/cart.spec.ts',
      'app/CartTest.php',
      'test_cart.py',
      'lib/RuleTestCase.java',
    ])
      expect(isTestPath(file), file).toBe(true);
    for (const file of ['src/cart.ts', 'lib/phpunit/classes/advanced_testcase.php', 'scripts/test.js', 'src/latest/contest.py'])
      expect(isTestPath(file), file).toBe(false);
  });

  it('tells a test file from a helper beside it', () => {
    expect(isTestFileName('src/test/java/com/acme/CartTest.java')).toBe(true);
    expect(isTestFileName('src/test/java/com/acme/support/Checks.java')).toBe(false);
    expect(isTestFileName('lib/RuleTestCase.java')).toBe(false);
  });
});

describe('a failed assertion in a shared test helper', () => {
  it("ranks the test's frame first and keeps the helper's", async () => {
    const message = 'AssertionError: expected 6, got 3';
    const trace = [frame('test/helpers/checks.ts', 4, 0, message), frame('test/cart.test.ts', 9, 1, message)];
    expect((await locate(trace)).order).toEqual(['test/cart.test.ts:9', 'test/helpers/checks.ts:4']);
  });

  it("reads the assertion from the library's frames when the message line is only a header", async () => {
    const trace = [
      frame('C:\\ci\\xunit\\src\\xunit.assert\\Asserts\\StringAsserts.cs', 244, 0, 'Stack trace'),
      frame('test/helpers/checks.ts', 4, 1, 'Stack trace'),
      frame('test/cart.test.ts', 9, 2, 'Stack trace'),
    ];
    expect((await locate(trace)).order[0]).toBe('test/cart.test.ts:9');
  });

  it('keeps the raising frame for a crash, an assertion in the code under test, or one in the test file', async () => {
    const crash = [frame('test/helpers/checks.ts', 4, 0, 'TypeError: x is undefined'), frame('test/cart.test.ts', 9, 1, 'TypeError')];
    expect((await locate(crash)).order[0]).toBe('test/helpers/checks.ts:4');
    const message = 'AssertionError: invariant';
    const product = [frame('src/cart.ts', 7, 0, message), frame('test/cart.test.ts', 9, 1, message)];
    expect((await locate(product)).order[0]).toBe('src/cart.ts:7');
    const sameFile = [frame('test/cart.test.ts', 12, 0, message), frame('test/cart.test.ts', 10, 1, message)];
    expect((await locate(sameFile)).order[0]).toBe('test/cart.test.ts:12');
    // A request helper in the test folder that called the test's callback is no test the runner called.
    const callback = [frame('test/cart.test.ts', 12, 0, message), frame('test/helpers/checks.ts', 4, 1, message)];
    expect((await locate(callback)).order[0]).toBe('test/cart.test.ts:12');
  });

  it("does not count an assertion library's frames further out than the project's (a poller that ran the code)", async () => {
    const panic = 'panic: runtime error: invalid memory address';
    const trace = [
      frame('test/helpers/checks.ts', 4, 0, panic),
      frame('/go/pkg/mod/github.com/onsi/gomega/internal/async_assertion.go', 78, 1, panic),
      frame('test/cart.test.ts', 9, 2, panic),
    ];
    expect((await locate(trace)).order[0]).toBe('test/helpers/checks.ts:4');
  });
});

describe("a test runner's frames in the workspace", () => {
  it('drops the frames outside the failed test as the runtime', async () => {
    const message = 'Failed asserting that 4 matches expected 5.';
    const trace = [frame('tests/cart_test.php', 80, 0, message), frame('lib/runner/harness.php', 80, 1, message)];
    const { order, dropped } = await locate(trace);
    expect(order).toEqual(['tests/cart_test.php:80']);
    expect(dropped).toEqual(['lib/runner/harness.php:80:runtime']);
  });

  it("keeps a crash's outer frames: the program that ran the code", async () => {
    const trace = [frame('test/cart.test.ts', 9, 0, 'TypeError: boom'), frame('src/main.ts', 3, 1, 'TypeError: boom')];
    expect((await locate(trace)).order).toEqual(['test/cart.test.ts:9', 'src/main.ts:3']);
  });
});
