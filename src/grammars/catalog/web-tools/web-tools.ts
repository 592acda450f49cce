// The JavaScript/web tool-chain beyond tsc, node, jest, vitest and eslint's stylish/unix formatters: linters and
// formatters (ESLint compact, Biome, Prettier, stylelint, svelte-check, dart-sass), bundlers (esbuild, webpack, babel,
// vite, rollup) and runtimes/runners whose frames are theirs (deno, bun, mocha). The formats live in _web-*.ts.
// Link: https://esbuild.github.io/api/#log-level (one link per tool in each format's `url`)
import type { GrammarFamily } from '../../engine/format.js';
import type { LineParser } from '../../engine/parser.js';
import { webBundlerFormats } from './web-bundlers.js';
import { webLegacyFormats } from './web-legacy.js';
import { webLintFormats } from './web-lint.js';
import { webRuntimeFormats } from './web-runtimes.js';
import { defineWebRules } from './web-rules.js';
import { metro } from './metro.js';
import { postcssLoader } from './postcss-loader.js';
import { unresolvedImport } from './unresolved-import.js';
import { viteDev } from './vite-dev.js';

export const webToolsFamily: GrammarFamily = {
  // Order inside the family:
  // - the runtimes first: deno/bun/mocha claim a run of V8 frames only when the run is theirs (decided once per run
  //   from the lines around it); any other frame falls through to the javascript family's node-stack;
  // - deno before bun and mocha: its `TS2322 [ERROR]` check diagnostics are `at file://…` lines that must not start a
  //   frame run; bun before mocha because bun test's `(fail)` trailer is checked ahead of any heading above the run;
  // - the bundlers and linters recognise distinct line shapes (`ERROR in `, `[!] `, `╭─[`, `━━━`, `: line N, col N,`)
  //   except esbuild and svelte-check, which both end a line with the location: esbuild's ends in `L:C:` and
  //   svelte-check's in `L:C` followed by an `Error:` line, so their order does not matter either;
  // - ts-loader, webpack's import chain, tslint and Next.js after the bundlers: their heads (`[tsl] ERROR in`,
  //   `@ ./x L:C`, `file[L, C]:`, `L:C  Error:` under a `./file` header) are their own, and webpack's
  //   `ERROR in ./x L:C` line above a `[tsl]` one stays webpack's.
  // - Metro's `Unable to resolve module` line is its own: the importing file in words, the line in the frame below;
  //   so is postcss-loader's `(L:C) file message`, the position before the file;
  // - an unresolved import named in words (`failed to resolve import "x" from "F"`) prints no position any format
  //   above reads, so its place in the list does not matter;
  // - vite's dev-server `  File: /abs/x.ts` line is read only under its `Plugin:` / `Internal server error:` heading,
  //   a shape no format above claims; before the generic family, which would read `File: x.ts:L:C` without the message.
  formats: [
    ...webRuntimeFormats,
    ...webBundlerFormats,
    ...webLegacyFormats,
    ...webLintFormats,
    metro,
    postcssLoader,
    unresolvedImport,
    viteDev,
  ],
  rules: (parser: LineParser) => defineWebRules(parser),
};
