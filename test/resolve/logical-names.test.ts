// A template named by its engine's logical name (hints.logicalName): the workspace file that is the name plus one
// template extension, never a guess among several, and never a file the printed name does not end.
import { afterEach, describe, expect, it } from 'vitest';
import { resolveLocations } from '../../src/resolve/index.js';
import { makeWorkspace, raw, removeWorkspaces } from './_workspace.js';

afterEach(removeWorkspaces);

const noIgnores = async (): Promise<Set<string>> => new Set();
const logical = (file: string, line = 1) => raw(file, { line, hints: { confirm: true, named: true, logicalName: true } });

describe('logical template names', () => {
  it('finds the one file that is the name plus a template extension, under any template folder', async () => {
    const root = await makeWorkspace({
      'src/main/resources/templates/orders/summary.html': '',
      'web/views/mail/receipt.blade.php': '',
    });
    const result = await resolveLocations([logical('orders/summary', 14), logical('mail/receipt', 3)], {
      cwd: root,
      roots: [root],
      isIgnored: noIgnores,
    });
    expect(result.locations.map((l) => `${l.file}:${l.line}`)).toEqual([
      'src/main/resources/templates/orders/summary.html:14',
      'web/views/mail/receipt.blade.php:3',
    ]);
  });

  it('prefers the printed name itself when it is a file', async () => {
    const root = await makeWorkspace({ 'pages/home': '', 'pages/home.html': '' });
    const result = await resolveLocations([logical('pages/home', 2)], { cwd: root, roots: [root], isIgnored: noIgnores });
    expect(result.locations.map((l) => l.file)).toEqual(['pages/home']);
  });

  it('reports nothing for a name that several extensions complete, or none', async () => {
    const root = await makeWorkspace({ 'views/list.html': '', 'views/list.twig': '', 'views/detail.css': '' });
    const result = await resolveLocations([logical('views/list'), logical('views/detail')], {
      cwd: root,
      roots: [root],
      isIgnored: noIgnores,
    });
    expect(result.locations).toEqual([]);
  });

  it('completes only names the hint calls templates', async () => {
    const root = await makeWorkspace({ 'templates/orders/summary.html': '' });
    const plain = raw('orders/summary', { line: 4, hints: { confirm: true, named: true } });
    const result = await resolveLocations([plain], { cwd: root, roots: [root], isIgnored: noIgnores });
    expect(result.locations).toEqual([]);
  });
});

const moduleName = (file: string, line = 1) => raw(file, { line, hints: { confirm: true, named: true, moduleName: true } });

describe("a runtime's name for a function or module", () => {
  it('finds the one file that is its last part, else the part before it, plus a source extension', async () => {
    const root = await makeWorkspace({ '+tests/Prep.m': '', 'model/explore.m': '', 'tools/Gauss_normal.m': '' });
    const result = await resolveLocations(
      [moduleName('tests.Prep', 26), moduleName('explore.plotfinalELx', 334), moduleName('Gauss_normal', 10)],
      {
        cwd: root,
        roots: [root],
        isIgnored: noIgnores,
      },
    );
    expect(result.locations.map((l) => `${l.file}:${l.line}`)).toEqual([
      '+tests/Prep.m:26',
      'model/explore.m:334',
      'tools/Gauss_normal.m:10',
    ]);
  });

  it('prefers the printed name when it is a file, and guesses neither among several nor for a file name', async () => {
    const root = await makeWorkspace({ run_all: '', 'run_all.m': '', 'lib/area.m': '', 'py/area.py': '', 'config.py': '' });
    const result = await resolveLocations([moduleName('run_all', 2), moduleName('area', 3), moduleName('config.yaml', 4)], {
      cwd: root,
      roots: [root],
      isIgnored: noIgnores,
    });
    expect(result.locations.map((l) => `${l.file}:${l.line}`)).toEqual(['run_all:2']);
  });
});
