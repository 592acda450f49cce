// Go: `go build` / `go vet` diagnostics, `go test` failures and runtime panics (goroutine dumps).
// Link: https://pkg.go.dev/cmd/go
import type { GrammarFamily, GrammarFormat, LineContext } from '../../engine/format.js';
import { parseColonHead } from '../shared/common.js';
import { directoryContext } from '../../engine/directories.js';
import { goPanic } from './go-panic.js';
import { goTest } from './go-test.js';

// `# example.com/demo/cmd/app`: the package whose errors follow. Its last element is the package's folder, which
// tells apart same-named paths in several folders when go ran somewhere else than faultline.
const PACKAGE_HEADER = /^# ((?:[\w.~-]+\.[\w.~-]+|[\w.~-]+(?=\/))(?:\/[\w.~-]+)*)(?: \[[^\]]*\])?$/;

// `cmd/app/main.go:7:31: undefined: x` under a `# example.com/demo/cmd/app` header, or vet's
// `vet: pkg/x.go:3:2: …`. The path is relative to the directory go ran in; no severity word is printed
// because every such line fails the build.
function parseGoBuild(context: LineContext): boolean {
  // Tested by its first character first: every location line of a dense log comes here.
  const header = context.text.startsWith('# ') ? PACKAGE_HEADER.exec(context.text) : null;
  if (header) {
    directoryContext((key, create) => context.shared(key, create)).namePackage(header[1] as string);
    return true;
  }
  const from = context.text.startsWith('vet: ') ? 'vet: '.length : 0;
  const head = parseColonHead(context, { from });
  if (!head || head.start !== from || !head.file.endsWith('.go') || !head.rest.startsWith(': ')) return false;
  context.emit({ file: head.file, line: head.line, column: head.column, severity: 'error', message: head.rest.slice(2) });
  return true;
}

const goBuild: GrammarFormat = {
  name: 'go-build',
  language: 'Go',
  description: '`go build ./...` / `go vet ./...`: `# import/path` then `cmd/app/main.go:7:31: undefined: x` (byte columns, tab = 1).',
  columnBase: 1,
  columnUnit: 'byte',
  fields: ['file', 'line', 'column', 'severity', 'message'],
  observed: true,
  url: 'https://pkg.go.dev/cmd/go#hdr-Compile_packages_and_dependencies',
  // At the start of a line only: indented `x.go:L:` lines are go test output.
  anchor: '^(?:vet: )?(?:[A-Za-z]:)?[^\\s:]*\\.go:\\d|^# [\\w.~-]+[./]',
  parse: parseGoBuild,
};

export const goFamily: GrammarFamily = {
  formats: [
    // go-panic first: its frame lines are tab-indented `file.go:L +0x…` that no other Go shape has, and its
    // `panic:`/`goroutine` headers must be seen before the frames.
    goPanic,
    // go-test before go-build: both read `x.go:L: msg`; the test's is indented and basename-only, and its
    // `--- FAIL`/`FAIL\tpkg` lines carry the test name and package that go-build would lose.
    goTest,
    // go-build last: any unindented `x.go:L[:C]: msg` is a compiler or vet finding.
    goBuild,
  ],
};
