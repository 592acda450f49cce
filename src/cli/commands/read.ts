// read = page or search a saved artifact by line, in bounded memory.
import { FaultlineError, countOf } from '../../core/index.js';
import { readArtifact, searchArtifact } from '../../capture/index.js';
import { createRedactor } from '../../redact/index.js';
import type { CliCommand } from '../io.js';
import { parseOptions } from '../args.js';
import { chainedLog, runReference } from '../chain.js';

const USAGE =
  `usage: faultline read ID|PATH|--last|--last-failed [--follow | --wait MS] [--offset LINE] [--limit N] ` +
  `[--search REGEX] [--ignore-case] [--context N] [--after CURSOR] [--redact] [--json]

Pages a saved artifact by line (1-based), or searches it line by line. --last and --last-failed name the
run as for locate: the last (failed) 'faultline run' in this workspace.

  --offset LINE    first line to show (default 1)
  --limit N        lines or matches per page, 1..1000 (default 200)
  --search REGEX   show matching lines with the true total, line numbers and byte offsets
  --ignore-case    case-insensitive search
  --context N      lines of context around each match, 0..20 (default 0)
  --after CURSOR   continue from a previous page's cursor
  --redact         redact secrets in the shown lines (for a model); the search still sees the real text
  --json           print JSON
  --follow         for a background command: print its output as it comes, until it ends
  --wait MS        for a background command: print output not read yet, waiting up to MS for some`;

function pad(line: number, width: number): string {
  return String(line).padStart(width);
}

export const readCommandCli: CliCommand = {
  name: 'read',
  summary: 'page or search the saved output of a run',
  usage: USAGE,
  async run(argv, io) {
    const { values, positionals } = parseOptions('read', {
      args: argv,
      allowPositionals: true,
      options: {
        offset: { type: 'string' },
        limit: { type: 'string' },
        search: { type: 'string' },
        'ignore-case': { type: 'boolean', short: 'i' },
        context: { type: 'string' },
        after: { type: 'string' },
        json: { type: 'boolean' },
        follow: { type: 'boolean' },
        wait: { type: 'string' },
        redact: { type: 'boolean' },
        last: { type: 'boolean' },
        'last-failed': { type: 'boolean' },
      },
    });
    let [artifact, extra] = positionals;
    // --last / --last-failed: the run locate and prompt would take (this workspace's, said on stderr).
    const reference = runReference(values, artifact);
    if (reference !== undefined && typeof reference !== 'object') {
      const { source } = await chainedLog({ source: { path: '' }, cwd: io.cwd, roots: undefined, inputFormat: undefined, reference }, io);
      if ('path' in source) artifact = source.path;
    }
    if (artifact === undefined || extra !== undefined)
      throw new FaultlineError('E_USAGE', `expected one artifact id or path (faultline read --help shows the options)`);
    if (values.follow || values.wait !== undefined) {
      const waitMs = values.wait === undefined ? 0 : Number(values.wait);
      if (!Number.isFinite(waitMs) || waitMs < 0) throw new FaultlineError('E_USAGE', '--wait must be a number of milliseconds');
      const redact = values.redact === true ? createRedactor({ env: io.env }) : undefined;
      return (await import('./background.js')).readBackground(
        artifact,
        { follow: values.follow ?? false, waitMs, json: values.json ?? false, redact },
        io,
      );
    }
    // Own rules plus the environment's secret values.
    const redact = values.redact === true ? { redact: createRedactor({ env: io.env }) } : {};
    const common = { artifact, cwd: io.cwd, env: io.env, limit: values.limit, after: values.after, ...redact };

    if (values.search !== undefined) {
      const result = await searchArtifact({
        ...common,
        search: values.search,
        ignoreCase: values['ignore-case'] ?? false,
        context: values.context,
      });
      for (const note of result.notes) io.stderr(`faultline read: note: ${note}\n`);
      if (values.json) {
        io.stdout(`${JSON.stringify({ version: 1, total: result.total, matches: result.matches, next: result.next })}\n`);
        return result.total > 0 ? 0 : 1;
      }
      const first = result.matches[0];
      const last = result.matches.at(-1);
      const width = String(last?.line ?? 1).length + 2;
      const out: string[] = [];
      if (first && last) {
        const shown = `${result.skipped + 1}–${result.skipped + result.matches.length}`;
        out.push(`showing ${shown} of ${countOf(result.total, 'match', 'matches')}`);
      } else out.push(`no matches (total ${result.total})`);
      for (const match of result.matches) {
        if (match.before.length > 0 || match.after.length > 0) out.push('--');
        match.before.forEach((text, index) => out.push(`${pad(match.line - match.before.length + index, width)}- ${text}`));
        out.push(`${pad(match.line, width)}: ${match.text}   (byte ${match.byteOffset})`);
        match.after.forEach((text, index) => out.push(`${pad(match.line + index + 1, width)}- ${text}`));
      }
      if (result.next) out.push(`more: faultline read ${artifact} --search ${JSON.stringify(values.search)} --after ${result.next}`);
      io.stdout(`${out.join('\n')}\n`);
      return result.total > 0 ? 0 : 1;
    }

    if (values.context !== undefined || values['ignore-case'])
      io.stderr('faultline read: note: --context and --ignore-case apply only with --search\n');
    const result = await readArtifact({ ...common, offset: values.offset });
    for (const note of result.notes) io.stderr(`faultline read: note: ${note}\n`);
    if (values.json) {
      io.stdout(`${JSON.stringify({ version: 1, lines: result.lines, next: result.next })}\n`);
      return 0;
    }
    const width = String(result.lines.at(-1)?.line ?? 1).length;
    const out = result.lines.map((line) => `${pad(line.line, width)} | ${line.text}`);
    if (result.lines.length === 0)
      out.push(result.totalLines !== null ? `(no lines here; the artifact has ${result.totalLines})` : '(no lines here)');
    if (result.next) out.push(`more: faultline read ${artifact} --after ${result.next}`);
    io.stdout(`${out.join('\n')}\n`);
    return 0;
  },
};
