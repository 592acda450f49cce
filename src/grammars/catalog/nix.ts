// Nix: since 2.4 an evaluation error is `error: undefined variable 'lib'`, a blank line, then the place on a line of
// its own, `       at /home/dev/app/pkgs/tool/default.nix:7:10:`, and a numbered excerpt. `--show-trace` adds
// `… while evaluating the attribute 'tool'` blocks, each with its own `at` line: after the error up to 2.12, before
// it since 2.13. Whatever the order, the `at` under `error:` is the place to fix; the others are the trace, kept
// as notes. Before 2.4 the place was glued to the message (`error: undefined variable 'x' at /x/default.nix:6:1`),
// which the permissive tier reads. A flake is evaluated from its copy in the store (`/nix/store/<hash>-source/…`);
// resolve maps that copy back to the workspace.
// Link: https://nix.dev/manual/nix/latest/language/evaluation (the error layout is the evaluator's own)
import type { GrammarFamily, GrammarFormat, LineContext } from '../engine/format.js';

const AT = /^\s+at (\S+\.nix):(\d+):(\d+):$/;
// The line that heads an `at` line's block: the error itself, or a trace entry.
const HEAD = /^\s*(?:error: (.+)|… (.+))$/;

/** The nearest non-blank line above, when it heads this block: the message and whether it is the error. */
function blockHead(context: LineContext): { message: string; error: boolean } | undefined {
  for (let delta = -1; delta >= -3; delta--) {
    const line = context.line(delta);
    if (line === undefined) return undefined;
    if (line.trim() === '') continue;
    const head = HEAD.exec(line);
    if (!head) return undefined;
    return head[1] === undefined ? { message: head[2] ?? '', error: false } : { message: head[1], error: true };
  }
  return undefined;
}

function parseNix(context: LineContext): boolean {
  const at = AT.exec(context.text);
  if (!at) return false;
  const head = blockHead(context);
  if (!head) return false;
  context.emit({
    file: at[1] ?? '',
    line: Number(at[2]),
    column: Number(at[3]),
    severity: head.error ? 'error' : 'note',
    message: head.message,
  });
  return true;
}

const nix: GrammarFormat = {
  name: 'nix',
  language: 'Nix',
  description:
    "`nix-build` / `nix eval` / `nixos-rebuild` (Nix 2.4+): `error: undefined variable 'lib'`, then " +
    '`       at /x/pkgs/tool/default.nix:7:10:` and a numbered excerpt; `--show-trace` adds `… while evaluating …` ' +
    'blocks, read as notes.',
  columnBase: 1,
  columnUnit: 'byte',
  fields: ['file', 'line', 'column', 'severity', 'message'],
  observed: true,
  url: 'https://nix.dev/manual/nix/latest/language/evaluation',
  anchor: '^\\s+at \\S+\\.nix:\\d+:\\d+:',
  parse: parseNix,
};

export const nixFamily: GrammarFamily = { formats: [nix] };
