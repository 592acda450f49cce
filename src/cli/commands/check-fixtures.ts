// `faultline check-fixtures DIR [--update]` — a user's own regression suite of real tool logs.
import { FaultlineError, countOf } from '../../core/index.js';
import { checkFixtures, strayExpectations } from '../../locate/fixtures.js';
import { EXIT_FINDINGS, EXIT_OK, type CliCommand } from '../io.js';
import { parseOptions } from '../args.js';

export const checkFixturesCommand: CliCommand = {
  name: 'check-fixtures',
  summary: 'run locate on every <case>.log under DIR and diff against <case>.expected.json',
  usage: `usage: faultline check-fixtures DIR [--update] [--filter TEXT]

  Each <case>.log is located with cwd/roots from a <case>.json sidecar ({"cwd": "...", "roots": [...]},
  relative to the sidecar) or a <case>/ workspace folder beside it, and compared with <case>.expected.json.
  --update   rewrite the expectations instead of failing
exit: 0 all match, 1 any difference or missing expectation, 2 usage error`,
  async run(argv, io) {
    const { values, positionals } = parseOptions('check-fixtures', {
      args: argv,
      options: { update: { type: 'boolean' }, filter: { type: 'string' } },
      allowPositionals: true,
    });
    const dir = positionals[0];
    if (!dir || positionals.length > 1) throw new FaultlineError('E_USAGE', 'expected exactly one fixture directory');
    const outcomes = await checkFixtures({ dir, update: values.update === true, ...(values.filter ? { filter: values.filter } : {}) });
    let bad = 0;
    for (const outcome of outcomes) {
      if (outcome.status === 'pass') continue;
      if (outcome.status !== 'updated') bad++;
      io.stdout(`${outcome.status.toUpperCase().padEnd(8)} ${outcome.name}${outcome.error ? `: ${outcome.error}` : ''}\n`);
      if (outcome.status === 'missing-expectation') io.stdout('         no expectation yet: run with --update and review it\n');
      for (const line of outcome.diff.slice(0, 80)) io.stdout(`         ${line}\n`);
    }
    for (const stray of strayExpectations(dir)) {
      bad++;
      io.stdout(`STRAY    ${stray} has no .log beside it\n`);
    }
    io.stdout(
      `${countOf(outcomes.length, 'case')}: ${outcomes.filter((o) => o.status === 'pass').length} pass, ${bad} ` +
        `failing${values.update ? `, ${outcomes.filter((o) => o.status === 'updated').length} updated` : ''}\n`,
    );
    return bad > 0 ? EXIT_FINDINGS : EXIT_OK;
  },
};
