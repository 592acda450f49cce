// Held-out set 85: rebar3's `_build/<profile>/lib/<app>/` copy of one of the workspace's own apps (the root app, or an
// umbrella's apps/<app>) is the user's file at the same path; a dependency's app there stays vendored.
import { afterEach, describe, expect, it } from 'vitest';
import { fateOf, makeWorkspace, removeWorkspaces } from './_workspace.js';

afterEach(removeWorkspaces);

describe("rebar3's build copy of the workspace's own app", () => {
  it('maps the root app and an umbrella app back, printed elsewhere or below the root; leaves a dependency vendored', async () => {
    const root = await makeWorkspace({
      'rebar.config': '{deps, [jsx]}.\n',
      'src/ledger.app.src': '{application, ledger, []}.\n',
      'src/ledger_store.erl': 'x\n',
      'test/ledger_store_tests.erl': 'x\n',
      'apps/audit/src/audit.app.src': '{application, audit, []}.\n',
      'apps/audit/src/audit_log.erl': 'x\n',
      '_build/test/lib/ledger/src/ledger_store.erl': 'x\n',
      '_build/test/lib/jsx/src/jsx_decoder.erl': 'x\n',
    });
    expect(await fateOf(root, 'c:/projects/ledger/_build/test/lib/ledger/src/ledger_store.erl')).toBe('kept src/ledger_store.erl');
    expect(await fateOf(root, '/home/ci/w/_build/test/lib/ledger/test/ledger_store_tests.erl')).toBe('kept test/ledger_store_tests.erl');
    expect(await fateOf(root, '/home/ci/w/_build/default/lib/audit/src/audit_log.erl')).toBe('kept apps/audit/src/audit_log.erl');
    expect(await fateOf(root, `${root}/_build/test/lib/ledger/src/ledger_store.erl`)).toBe('kept src/ledger_store.erl');
    expect(await fateOf(root, '_build/test/lib/jsx/src/jsx_decoder.erl')).toBe('vendored');
    expect(await fateOf(root, '/home/ci/w/_build/test/lib/jsx/src/jsx_decoder.erl')).not.toMatch(/^kept/);
  });

  it('needs the app descriptor: a folder of the same name without one is no rebar3 app', async () => {
    const root = await makeWorkspace({
      'rebar.config': '{deps, []}.\n',
      'src/ledger_store.erl': 'x\n',
      '_build/test/lib/ledger/src/ledger_store.erl': 'x\n',
    });
    expect(await fateOf(root, '/home/ci/w/_build/test/lib/ledger/src/ledger_store.erl')).toBe('vendored');
  });
});
