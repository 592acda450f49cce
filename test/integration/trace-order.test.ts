// Issue 20, runtime-aware trace order: each runtime prints its trace in its own order (FormatSpec.trace), and the
// primary is the deepest user frame in that order — the innermost user frame of the root cause; for a test runner
// the failing test's line unless a user frame below it raised. Real runs of each runtime on planted errors: the
// expected place is the source line marked `RAISES HERE`, never a value read from the output.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/run-cli.js';
import { createScanner, formatSpecs } from '../../src/grammars/index.js';
import { normaliseLine } from '../../src/summarise/index.js';
import { captureIo } from '../cli/_io.js';
import { hasTool, needs } from '../_tools.js';

interface TraceCase {
  readonly name: string;
  /** The command the case needs, and its Debian package. */
  readonly tool: readonly [string, string];
  readonly files: Readonly<Record<string, string>>;
  readonly command: string;
}

const MARK = 'RAISES HERE';
// The smallest mix project: no dependencies, so `mix` runs without Hex or the network.
const MIX_PROJECT = [
  'defmodule Ledger.MixProject do',
  '  use Mix.Project',
  '  def project, do: [app: :ledger, version: "0.1.0"]',
  '  def application, do: [extra_applications: [:logger]]',
  'end',
  '',
].join('\n');
const FIXTURES = join(import.meta.dirname, '..', '..', 'fixtures');

const CASES: readonly TraceCase[] = [
  {
    name: 'Python: innermost last, the root cause printed first (raise … from)',
    tool: ['python3', 'python3'],
    files: {
      'app/config.py': [
        'def parse(text):',
        `    return int(text)  # ${MARK}`,
        '',
        'def load(text):',
        '    try:',
        '        return parse(text)',
        '    except ValueError as error:',
        "        raise RuntimeError('bad config') from error",
        '',
      ].join('\n'),
      'main.py': "from app.config import load\nload('x1')\n",
    },
    command: 'python3 main.py',
  },
  {
    name: 'Python: an exception raised while handling another is the failure (During handling…)',
    tool: ['python3', 'python3'],
    files: {
      'app/cache.py': [
        'def read(path):',
        '    try:',
        '        with open(path) as handle:',
        '            return handle.read()',
        '    except FileNotFoundError:',
        `        return FALLBACKS[path]  # ${MARK}`,
        '',
      ].join('\n'),
      'main.py': "from app.cache import read\nread('missing.cfg')\n",
    },
    command: 'python3 main.py',
  },
  // The pytest cases run the `pytest` that hasTool found: `python3` on PATH may be another interpreter without
  // pytest (a virtual environment's), and `python3 -m pytest` then fails before any test runs.
  {
    name: 'pytest: a user function below the failing test raised',
    tool: ['pytest', 'python3-pytest'],
    files: {
      'shop/cart.py': [
        'def total(prices):',
        '    if not prices:',
        `        raise ValueError('empty cart')  # ${MARK}`,
        '    return sum(prices)',
        '',
      ].join('\n'),
      'tests/test_cart.py': ['from shop.cart import total', '', 'def test_total_of_empty_cart():', '    assert total([]) == 0', ''].join(
        '\n',
      ),
      'tests/__init__.py': '',
      'shop/__init__.py': '',
    },
    command: 'pytest -q -p no:cacheprovider tests',
  },
  {
    name: "pytest: the failing test's own line when nothing below it raised",
    tool: ['pytest', 'python3-pytest'],
    files: {
      'shop/cart.py': 'def total(prices):\n    return sum(prices) + 1\n',
      'tests/test_cart.py': ['from shop.cart import total', '', 'def test_total():', `    assert total([1, 2]) == 3  # ${MARK}`, ''].join(
        '\n',
      ),
      'tests/__init__.py': '',
      'shop/__init__.py': '',
    },
    command: 'pytest -q -p no:cacheprovider tests',
  },
  {
    name: 'Node: innermost first, the [cause] printed after its wrapper',
    tool: ['node', 'nodejs'],
    files: {
      'src/config.js': [
        'function parse(text) {',
        `  if (!/^\\d+$/.test(text)) throw new Error(\`bad number: \${text}\`); // ${MARK}`,
        '  return Number(text);',
        '}',
        'function load(text) {',
        '  try {',
        '    return parse(text);',
        '  } catch (error) {',
        "    throw new Error('load failed', { cause: error });",
        '  }',
        '}',
        'module.exports = { load };',
        '',
      ].join('\n'),
      'main.js': "require('./src/config').load('x1');\n",
    },
    command: 'node main.js',
  },
  {
    name: 'Java: innermost first, the root cause printed last (Caused by:)',
    tool: ['javac', 'default-jdk-headless'],
    files: {
      'src/main/java/com/acme/App.java': [
        'package com.acme;',
        '',
        'public class App {',
        '    static int parse(String text) {',
        `        if (text.isEmpty()) throw new IllegalArgumentException("empty"); // ${MARK}`,
        '        return text.length();',
        '    }',
        '',
        '    static int load(String text) {',
        '        try {',
        '            return parse(text);',
        '        } catch (IllegalArgumentException error) {',
        '            throw new IllegalStateException("load failed", error);',
        '        }',
        '    }',
        '',
        '    public static void main(String[] args) {',
        '        System.out.println(load(""));',
        '    }',
        '}',
        '',
      ].join('\n'),
    },
    command: 'javac -d out src/main/java/com/acme/App.java && java -cp out com.acme.App',
  },
  {
    name: 'Go: a panic, innermost first',
    tool: ['go', 'golang-go'],
    files: {
      'main.go': [
        'package main',
        '',
        'func store(counts map[string]int, key string) {',
        `\tcounts[key]++ // ${MARK}`,
        '}',
        '',
        'func main() {',
        '\tvar counts map[string]int',
        '\tstore(counts, "a")',
        '}',
        '',
      ].join('\n'),
      'go.mod': 'module example.com/counts\n\ngo 1.18\n',
    },
    command: 'go run .',
  },
  {
    name: 'Rust: a panic with RUST_BACKTRACE=1, std frames on top of the user frames',
    tool: ['rustc', 'rustc'],
    files: {
      'src/main.rs': [
        'fn parse(text: &str) -> u32 {',
        '    if text.is_empty() {',
        `        panic!("empty quantity"); // ${MARK}`,
        '    }',
        '    text.len() as u32',
        '}',
        '',
        'fn main() {',
        '    println!("{}", parse(""));',
        '}',
        '',
      ].join('\n'),
    },
    command: 'rustc -g -o app src/main.rs && RUST_BACKTRACE=1 ./app',
  },
  {
    name: 'Ruby: innermost first, the cause printed after the error it caused',
    tool: ['ruby', 'ruby'],
    files: {
      'lib/config.rb': [
        'def parse(text)',
        `  raise ArgumentError, "bad number: #{text}" unless text.match?(/\\A\\d+\\z/) # ${MARK}`,
        '  text.to_i',
        'end',
        '',
        'def load(text)',
        '  parse(text)',
        'rescue ArgumentError',
        "  raise 'load failed'",
        'end',
        '',
      ].join('\n'),
      'main.rb': "require_relative 'lib/config'\nload('x1')\n",
    },
    command: 'ruby main.rb',
  },
  {
    name: 'PHP: innermost first, the previous exception printed first',
    tool: ['php', 'php-cli'],
    files: {
      'src/Config.php': [
        '<?php',
        'function parse(string $text): int {',
        `    if (!ctype_digit($text)) { throw new InvalidArgumentException("bad number: $text"); } // ${MARK}`,
        '    return (int) $text;',
        '}',
        'function load(string $text): int {',
        '    try {',
        '        return parse($text);',
        '    } catch (InvalidArgumentException $error) {',
        "        throw new RuntimeException('load failed', 0, $error);",
        '    }',
        '}',
        '',
      ].join('\n'),
      'main.php': "<?php\nrequire __DIR__ . '/src/Config.php';\nload('x1');\n",
    },
    command: 'php main.php',
  },
  {
    name: '.NET (Mono): innermost first, the inner exception printed first (--->)',
    tool: ['mcs', 'mono-mcs'],
    files: {
      'src/Calc/Program.cs': [
        'using System;',
        '',
        'namespace Calc {',
        '    class Program {',
        // The runtime's own frames (System.Number, in no file) sit on top of the user frame that called them.
        '        static int Parse(string text) {',
        `            int value = int.Parse(text); // ${MARK}`,
        '            return value * 2;',
        '        }',
        '',
        '        static int Load(string text) {',
        '            try { return Parse(text); }',
        '            catch (FormatException error) { throw new InvalidOperationException("load failed", error); }',
        '        }',
        '',
        '        static void Main() { Console.WriteLine(Load("x1")); }',
        '    }',
        '}',
        '',
      ].join('\n'),
    },
    command: 'mcs -debug -out:calc.exe src/Calc/Program.cs && mono --debug calc.exe',
  },
  {
    name: 'Elixir: innermost first',
    tool: ['elixir', 'elixir'],
    files: {
      'lib/ledger.ex': [
        'defmodule Ledger do',
        '  def parse(text) do',
        '    case Integer.parse(text) do',
        '      {number, ""} -> number',
        `      _ -> raise ArgumentError, "bad number: #{text}" # ${MARK}`,
        '    end',
        '  end',
        '',
        '  def load(text), do: parse(text) * 2',
        'end',
        '',
      ].join('\n'),
      'main.exs': 'Code.require_file("lib/ledger.ex", __DIR__)\nIO.puts(Ledger.load("x1"))\n',
    },
    command: 'elixir main.exs',
  },
  {
    name: 'Elixir: an exit wrapping the exception that caused it, the cause printed first and more deeply indented',
    tool: ['mix', 'elixir'],
    files: {
      'mix.exs': MIX_PROJECT,
      'lib/ledger/server.ex': [
        'defmodule Ledger.Server do',
        '  use GenServer',
        '  def start(rows), do: GenServer.start(__MODULE__, rows)',
        '  def balance(pid), do: GenServer.call(pid, :balance)',
        '  @impl true',
        '  def init(rows), do: {:ok, rows}',
        '  @impl true',
        '  def handle_call(:balance, _from, rows), do: {:reply, Enum.sum(Enum.map(rows, &rate/1)), rows}',
        `  defp rate(%{amount: amount, count: count}), do: amount / count # ${MARK}`,
        'end',
        '',
      ].join('\n'),
      'main.exs': [
        'Logger.configure(level: :none)',
        '{:ok, pid} = Ledger.Server.start([%{amount: 4, count: 0}])',
        'IO.puts(Ledger.Server.balance(pid))',
        '',
      ].join('\n'),
    },
    command: 'mix run main.exs',
  },
  {
    name: 'ExUnit: a user function below the failing test raised',
    tool: ['mix', 'elixir'],
    files: {
      'mix.exs': MIX_PROJECT,
      'lib/ledger.ex': ['defmodule Ledger do', '  def rate(amount, count) do', `    amount / count # ${MARK}`, '  end', 'end', ''].join(
        '\n',
      ),
      'test/test_helper.exs': 'ExUnit.start()\n',
      'test/ledger_test.exs': [
        'defmodule LedgerTest do',
        '  use ExUnit.Case',
        '  test "rate of none" do',
        '    assert Ledger.rate(4, 0) == 0',
        '  end',
        'end',
        '',
      ].join('\n'),
    },
    command: 'mix test --seed 0',
  },
  {
    name: "ExUnit: the test's own raising line, below a frame that names no file",
    tool: ['mix', 'elixir'],
    files: {
      'mix.exs': MIX_PROJECT,
      'lib/ledger.ex': 'defmodule Ledger do\n  def rate(amount, count), do: amount / count\nend\n',
      'test/test_helper.exs': 'ExUnit.start()\n',
      'test/ledger_test.exs': [
        'defmodule LedgerTest do',
        '  use ExUnit.Case',
        '  test "rates come from a module chosen at run time" do',
        '    rates = Module.concat([Ledger, Rates])',
        `    assert rates.rate(4, 2) == 2 # ${MARK}`,
        '  end',
        'end',
        '',
      ].join('\n'),
    },
    command: 'mix test --seed 0',
  },
  {
    name: "ExUnit: a GenServer's exception inside the test's exit, printed before the test's own stacktrace",
    tool: ['mix', 'elixir'],
    files: {
      'mix.exs': MIX_PROJECT,
      'lib/ledger/server.ex': [
        'defmodule Ledger.Server do',
        '  use GenServer',
        '  def start(rows), do: GenServer.start(__MODULE__, rows)',
        '  def balance(pid), do: GenServer.call(pid, :balance)',
        '  @impl true',
        '  def init(rows), do: {:ok, rows}',
        '  @impl true',
        `  def handle_call(:balance, _from, rows), do: {:reply, Enum.sum(Enum.map(rows, &(&1.amount / &1.count))), rows} # ${MARK}`,
        'end',
        '',
      ].join('\n'),
      'test/test_helper.exs': 'ExUnit.start(capture_log: true)\n',
      'test/server_test.exs': [
        'defmodule Ledger.ServerTest do',
        '  use ExUnit.Case',
        '  test "balance of a row with no count" do',
        '    {:ok, pid} = Ledger.Server.start([%{amount: 4, count: 0}])',
        '    assert Ledger.Server.balance(pid) == 0',
        '  end',
        'end',
        '',
      ].join('\n'),
    },
    command: 'mix test --seed 0',
  },
  {
    name: "cucumber (Ruby): the user code a failed step's definition called",
    tool: ['cucumber', 'cucumber'],
    files: {
      'lib/till.rb': [
        'class Till',
        '  def initialize(prices) = @prices = prices',
        '  def total',
        `    @prices.sum { |price| price.fetch(:cents) } # ${MARK}`,
        '  end',
        'end',
        '',
      ].join('\n'),
      'features/till.feature': [
        'Feature: Till',
        '',
        '  Scenario: two prices',
        '    Given the prices 3 and 4',
        '    Then the total is 7',
        '',
      ].join('\n'),
      'features/step_definitions/till_steps.rb': [
        "require_relative '../../lib/till'",
        'Given(/^the prices (\\d+) and (\\d+)$/) { |a, b| @till = Till.new([{ amount: a.to_i }, { amount: b.to_i }]) }',
        'Then(/^the total is (\\d+)$/) { |total| raise "expected #{total}" unless @till.total == total.to_i }',
        '',
      ].join('\n'),
    },
    command: 'cucumber --no-color',
  },
  {
    name: "cucumber (Ruby): the step definition's own line when it raised",
    tool: ['cucumber', 'cucumber'],
    files: {
      'features/till.feature': ['Feature: Till', '', '  Scenario: empty till', '    Then the till is empty', ''].join('\n'),
      'features/step_definitions/till_steps.rb': ['Then(/^the till is empty$/) do', `  raise 'still open' # ${MARK}`, 'end', ''].join('\n'),
    },
    command: 'cucumber --no-color',
  },
];

function markedPlace(files: Readonly<Record<string, string>>): string {
  for (const [path, text] of Object.entries(files)) {
    const line = text.split('\n').findIndex((content) => content.includes(MARK));
    if (line >= 0) return `${path}:${line + 1}`;
  }
  throw new Error('no marked line');
}

describe('the primary follows the runtime’s own trace order', () => {
  for (const traceCase of CASES) {
    const [command, aptPackage] = traceCase.tool;
    it.skipIf(!hasTool(command))(
      `${traceCase.name} ${needs(command, aptPackage)}`,
      async () => {
        const workspace = realpathSync(mkdtempSync(join(tmpdir(), 'fl-trace-')));
        for (const [path, text] of Object.entries(traceCase.files)) {
          mkdirSync(dirname(join(workspace, path)), { recursive: true });
          writeFileSync(join(workspace, path), text);
        }
        const run = spawnSync('sh', ['-c', `${traceCase.command} 2>&1`], {
          cwd: workspace,
          encoding: 'utf8',
          timeout: 180_000,
          env: { ...process.env, NO_COLOR: '1' },
        });
        expect(run.status, run.stdout).not.toBe(0);
        writeFileSync(join(workspace, 'run.log'), run.stdout);
        const io = captureIo({ cwd: workspace });
        await runCli(['locate', 'run.log', '--json'], io);
        const primary = JSON.parse(io.out.join('')).locations[0] as { file: string; line: number } | undefined;
        expect(primary && `${primary.file}:${primary.line}`, run.stdout).toBe(markedPlace(traceCase.files));
      },
      200_000,
    );
  }
});

describe('the trace order is written down for every runtime', () => {
  it('every format that prints frames in a fixture declares its order, and its frames and cause chains follow it', () => {
    const specs = new Map(formatSpecs().map((spec) => [spec.name, spec]));
    const undeclared = new Set<string>();
    const disagreeing = new Set<string>();
    const wrongChains = new Set<string>();
    for (const folder of readdirSync(FIXTURES)) {
      if (!statSync(join(FIXTURES, folder)).isDirectory()) continue;
      for (const log of readdirSync(join(FIXTURES, folder)).filter((file) => file.endsWith('.log'))) {
        const scanner = createScanner({ normaliseLine });
        const text = readFileSync(join(FIXTURES, folder, log)).toString('latin1');
        scanner.write(text);
        const chains = new Map<string, number[]>();
        for (const location of scanner.end().locations) {
          if (location.frame === undefined) continue;
          const trace = specs.get(location.format)?.trace;
          if (trace === undefined) undeclared.add(location.format);
          // A tier that reads many runtimes' frames (`shape`) stamps each trace's order itself.
          else if (trace.innermost !== 'shape' && location.frame.innermostLast !== (trace.innermost === 'last'))
            disagreeing.add(location.format);
          // Negative ranks are CPython's exception-group nesting, another axis than a chain of causes.
          if (location.frame.causeRank >= 0)
            (chains.get(location.format) ?? chains.set(location.format, []).get(location.format))?.push(location.frame.causeRank);
        }
        // Where a log chains causes, the root cause (lowest rank) is printed before or after the others as declared.
        // An exception raised while handling the one above is the root printed last, where the format says its runtime
        // links such a pair by a sentence of its own (TraceOrder.handling) and the log has that sentence.
        const handlingLink = text.includes('During handling of the above exception, another exception occurred:');
        for (const [format, ranks] of chains) {
          const root = Math.min(...ranks);
          const outer = Math.max(...ranks);
          if (root === outer) continue;
          const rootFirst = ranks.indexOf(root) < ranks.indexOf(outer);
          const declared = specs.get(format)?.trace;
          const handled = !rootFirst && handlingLink && declared?.handling === 'later-fails';
          if (!handled && declared?.causes !== (rootFirst ? 'root-first' : 'root-last'))
            wrongChains.add(`${format} (${folder}/${log}: declared ${declared?.causes})`);
        }
      }
    }
    expect([...undeclared]).toEqual([]);
    expect([...disagreeing]).toEqual([]);
    expect([...wrongChains]).toEqual([]);
    // The runtimes issue 20 names, by the formats that print their traces.
    const traced = [...specs.values()].filter((spec) => spec.trace !== undefined).map((spec) => spec.name);
    expect(traced).toEqual(
      expect.arrayContaining([
        'python-traceback',
        'pytest-long',
        'node-stack',
        'node-uncaught',
        'java-stack',
        'go-panic',
        'rust-panic',
        'ruby',
        'php',
        'dotnet-stack',
        'dart-stack',
        'julia',
        'elixir',
        'exunit',
        'cucumber',
      ]),
    );
  });
});
