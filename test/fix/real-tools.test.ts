// Done-when of issue 23 with the real tools: `faultline run -- <lint/check command>` then `faultline fix --last
// --apply` leaves the tree byte-identical to what the tool's own fixer leaves on a copy. The sources hold a BOM,
// CRLF line ends, non-ASCII text (so UTF-16, byte and code-point units differ) and overlapping fixes (which the
// tools' fixers, and faultline, finish on later passes).
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/run-cli.js';
import { hasTool, needs } from '../_tools.js';
import { captureIo } from '../cli/_io.js';

const ESLINT = join(import.meta.dirname, '..', '..', 'node_modules', '.bin', 'eslint');
const made: string[] = [];
afterAll(() => made.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function project(files: Record<string, string | Buffer>): { tree: string; copy: string; env: NodeJS.ProcessEnv } {
  const base = mkdtempSync(join(tmpdir(), 'fl-fix-real-'));
  made.push(base);
  const tree = join(base, 'tree');
  for (const [name, content] of Object.entries(files)) {
    const path = join(tree, name);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, content);
  }
  const copy = join(base, 'copy');
  cpSync(tree, copy, { recursive: true });
  // A UTF-8 locale whatever the caller's: ShellCheck (Haskell) cannot read the non-ASCII sources in the C locale.
  const env = { ...process.env, LC_ALL: 'C.UTF-8', FAULTLINE_CACHE_DIR: join(base, '.cache'), FAULTLINE_SESSION: `fix-real-${base}` };
  return { tree, copy, env };
}

async function cli(args: string[], cwd: string, env: NodeJS.ProcessEnv) {
  const io = captureIo({ cwd, env });
  const code = await runCli(args, io);
  return { code, out: io.out.join(''), err: io.err.join('') };
}

function sources(dir: string, names: readonly string[]): Record<string, string> {
  return Object.fromEntries(names.map((name) => [name, readFileSync(join(dir, name)).toString('latin1')]));
}

describe("faultline fix --last --apply matches the tools' own fixers", () => {
  it('eslint -f json: BOM, CRLF, astral characters, overlapping fixes over passes → same bytes as eslint --fix', async () => {
    const { tree, copy, env } = project({
      'eslint.config.js':
        "export default [{ rules: { 'prefer-const': 'error', 'no-var': 'error', semi: 'error', quotes: ['error', 'single'], 'no-extra-boolean-cast': 'error' } }];\n",
      'src/a.js': Buffer.concat([
        Buffer.from([0xef, 0xbb, 0xbf]),
        Buffer.from('var a = "é😀x"\nlet b = 2;\r\nif (!!b) { console.log(a, b) }\n'),
      ]),
      'src/b.js': 'let c = "naïve"\r\nlet d = [c, "😀"]\r\nconsole.log(d)\r\n',
    });
    const ran = await cli(['run', '--', ESLINT, '-f', 'json', '.'], tree, env);
    expect(ran.code).toBe(1);
    const fixed = await cli(['fix', '--last', '--apply'], tree, env);
    expect(fixed.err).toMatch(/fix\(es\) applied/);
    expect(fixed.code).toBe(0);
    expect(spawnSync(ESLINT, ['--fix', '.'], { cwd: copy }).status).toBe(0);
    const names = ['src/a.js', 'src/b.js'];
    expect(sources(tree, names)).toEqual(sources(copy, names));
    // And the fixes changed something: the tool's fixer did work on the copy.
    expect(readFileSync(join(copy, 'src/a.js'), 'utf8')).toContain("const a = 'é😀x';");
  });

  it.skipIf(!hasTool('cargo'))(
    `cargo check --message-format=json: MachineApplicable suggestions → same bytes as cargo fix ${needs('cargo', 'cargo (rustup)')}`,
    async () => {
      const { tree, copy, env } = project({
        'Cargo.toml': '[package]\nname = "demo"\nversion = "0.1.0"\nedition = "2021"\n\n[dependencies]\n',
        'src/main.rs':
          'use std::collections::HashMap;\nfn main() {\n    let mut x = 5; // é😀\n    let s = "é😀"; let mut y = 1;\n    println!("{} {}", x, s);\n}\n',
      });
      const ran = await cli(['run', '--', 'cargo', 'check', '--message-format=json'], tree, env);
      expect(ran.code).toBe(0);
      const fixed = await cli(['fix', '--last', '--apply'], tree, env);
      expect(fixed.code).toBe(0);
      expect(spawnSync('cargo', ['fix', '--allow-no-vcs', '-q'], { cwd: copy }).status).toBe(0);
      expect(sources(tree, ['src/main.rs'])).toEqual(sources(copy, ['src/main.rs']));
      expect(readFileSync(join(copy, 'src/main.rs'), 'utf8')).toContain('let _y = 1;');
    },
    120_000,
  );

  it.skipIf(!hasTool('ruff'))(
    `ruff check --output-format json: safe fixes, unsafe ones left and listed → same bytes as ruff check --fix ${needs('ruff', 'ruff (pip install ruff)')}`,
    async () => {
      const { tree, copy, env } = project({
        'a.py': 'import json\nx = "é😀"\nif x == None:\n    print(f"done")\n',
        'b.py': 'def f(a):\r\n    if a == None:\r\n        return "é😀"\r\n    import os\r\n',
      });
      const ran = await cli(['run', '--', 'ruff', 'check', '--no-cache', '--select', 'F,E', '--output-format', 'json', '.'], tree, env);
      expect(ran.code).toBe(1);
      const fixed = await cli(['fix', '--last', '--apply'], tree, env);
      // E711 is unsafe in ruff: not applied without --unsafe, and listed.
      expect(fixed.err).toMatch(/E711.*unsafe/);
      expect(fixed.code).toBe(1);
      spawnSync('ruff', ['check', '--no-cache', '--select', 'F,E', '--fix', '.'], { cwd: copy });
      expect(sources(tree, ['a.py', 'b.py'])).toEqual(sources(copy, ['a.py', 'b.py']));
      expect(readdirSync(tree).filter((name) => name.includes('faultline'))).toEqual([]);
    },
  );

  it.skipIf(!hasTool('shellcheck') || !hasTool('patch'))(
    `shellcheck -f json1: tabs and non-ASCII before the edits, several fixes per line → same bytes as shellcheck -f diff | patch ${needs('shellcheck')} ${needs('patch')}`,
    async () => {
      const { tree, copy, env } = project({
        'x.sh': '#!/bin/sh\n# café ✓\nname=$1\necho $name\t  "é😀" $name\nfor f in *.txt; do\n\tcat $f; echo `date` $f\ndone\n',
        'lib/y.sh': '#!/bin/bash\ndir=$(dirname $0)\n\tcp $dir/é.txt $HOME\n',
      });
      const ran = await cli(['run', '--', 'shellcheck', '-f', 'json1', 'x.sh', 'lib/y.sh'], tree, env);
      expect(ran.code).toBe(1);
      const fixed = await cli(['fix', '--last', '--apply'], tree, env);
      expect(fixed.err).toMatch(/fix\(es\) applied/);
      expect(fixed.code).toBe(0);
      const diff = spawnSync('shellcheck', ['-f', 'diff', 'x.sh', 'lib/y.sh'], { cwd: copy, env });
      expect(spawnSync('patch', ['-s', '-p1'], { cwd: copy, env, input: diff.stdout }).status).toBe(0);
      const names = ['x.sh', 'lib/y.sh'];
      expect(sources(tree, names)).toEqual(sources(copy, names));
      expect(readFileSync(join(copy, 'x.sh'), 'utf8')).toContain('echo "$name"\t  "é😀" "$name"');
    },
  );

  it.skipIf(!hasTool('go'))(
    `go vet -json: suggested fixes in byte offsets after non-ASCII text → same bytes as go vet -fix ${needs('go', 'golang-go')}`,
    async () => {
      const { tree, copy, env } = project({
        'go.mod': 'module example.com/vetfix\n\ngo 1.26\n',
        'main.go':
          'package main\n\nimport "fmt"\n\n// é😀 ✓\nfunc show(label string) {\n\tfmt.Printf(label) // é😀\n\tfmt.Println("é😀 %d", 3)\n}\n\nfunc main() {\n\tn, m := 1, "é"\n\tn = n\n\tm = m\n\tshow(m)\n}\n',
        'sub/sub.go': 'package sub\n\nimport "fmt"\n\nfunc Say(s string) error {\n\treturn fmt.Errorf(s + "😀")\n}\n',
      });
      const goEnv = { ...env, GOFLAGS: '-mod=mod', GOTOOLCHAIN: 'local' };
      const names = ['main.go', 'sub/sub.go'];
      expect(spawnSync('gofmt', ['-l', ...names], { cwd: tree }).stdout.toString()).toBe('');
      const ran = await cli(['run', '--', 'go', 'vet', '-json', './...'], tree, goEnv);
      expect(ran.err + ran.out).not.toMatch(/no places/);
      const fixed = await cli(['fix', '--last', '--apply'], tree, goEnv);
      expect(fixed.err).toMatch(/fix\(es\) applied/);
      expect(fixed.code).toBe(0);
      expect(spawnSync('go', ['vet', '-fix', './...'], { cwd: copy, env: goEnv }).status).toBe(0);
      // go vet -fix formats each file it edits (`s + "😀"` becomes `s+"😀"` as a second argument); faultline makes
      // the tool's edits only, so the tree is formatted the same way before comparing (the sources start gofmt-clean).
      // `n = n` and `m = m` are adjacent removals, which go vet -fix makes in one pass.
      expect(spawnSync('gofmt', ['-w', ...names], { cwd: tree }).status).toBe(0);
      expect(sources(tree, names)).toEqual(sources(copy, names));
      expect(readFileSync(join(copy, 'main.go'), 'utf8')).toContain('fmt.Printf("%s", label)');
    },
    120_000,
  );
});
