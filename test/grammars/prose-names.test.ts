// The prose tier's names (issue 20, fresh set 9): a report's aligned fields that give the file twice, a bare name the
// words join to its number, a template's logical name, and a message that wraps the error of the file it read.
import { afterEach, describe, expect, it } from 'vitest';
import { locate } from '../../src/locate/index.js';
import { makeWorkspace, removeWorkspaces } from '../resolve/_workspace.js';

afterEach(removeWorkspaces);

const lines = (count: number) => 'a\n'.repeat(count);

async function placesIn(files: Record<string, string>, log: string): Promise<string[]> {
  const root = await makeWorkspace(files);
  const result = await locate({ text: log }, { cwd: root, roots: [root] });
  return result.locations.map((location) => `${location.file}:${location.line}`);
}

describe('prose names', () => {
  it("reads a report's aligned fields, the file given as read and where it was found, by the suffix the workspace has", async () => {
    const files = { 'pom.xml': '', 'src/main/resources/db/V3__add_orders.sql': lines(20) };
    const log = [
      'Migration V3__add_orders.sql failed',
      'Location   : db/V3__add_orders.sql (/opt/shop/lib/shop.jar!/db/V3__add_orders.sql)',
      'Line       : 7',
      'Statement  : ALTER TABLE orders ADD note TEXT',
    ].join('\n');
    expect(await placesIn(files, log)).toEqual(['src/main/resources/db/V3__add_orders.sql:7']);
  });

  it('takes a bare name that words join to its number for the one workspace file of that name, never one of several', async () => {
    const log = 'RuntimeError in Invoice.php line 12:\nClass not found\n';
    expect(await placesIn({ 'app/Billing/Invoice.php': lines(20) }, log)).toEqual(['app/Billing/Invoice.php:12']);
    expect(await placesIn({ 'app/Billing/Invoice.php': lines(20), 'legacy/Invoice.php': lines(20) }, log)).toEqual([]);
    // Only near the number, not joined to it: a bare name is no evidence.
    expect(await placesIn({ 'app/Billing/Invoice.php': lines(20) }, 'Invoice.php: totals differ at line 12\n')).toEqual([]);
  });

  it("finds a template by the path part of its logical name (a bundle's, the application's, a Twig namespace's)", async () => {
    const files = {
      'src/Shop/CartBundle/Resources/views/Order/list.html.twig': lines(20),
      'src/Shop/CartBundle/Resources/views/summary.html.twig': lines(20),
      'app/Resources/views/page.html.twig': lines(20),
      'templates/mail/receipt.html.twig': lines(20),
    };
    const log = [
      'Unexpected token "name" of value "x" in "ShopCartBundle:Order:list.html.twig" at line 4.',
      'Unknown filter "money" in "ShopCartBundle::summary.html.twig" at line 6.',
      'Unclosed "block" in ::page.html.twig at line 9',
      'Variable "total" does not exist in "@Shop/mail/receipt.html.twig" at line 3.',
    ].join('\n');
    expect(await placesIn(files, log)).toEqual([
      'src/Shop/CartBundle/Resources/views/Order/list.html.twig:4',
      'src/Shop/CartBundle/Resources/views/summary.html.twig:6',
      'app/Resources/views/page.html.twig:9',
      'templates/mail/receipt.html.twig:3',
    ]);
  });

  it("reads a program's name glued before the file as no folder (psql's `psql:F:N:`), a runtime's scheme as one", async () => {
    const files = { 'sql/schema.sql': lines(40) };
    expect(await placesIn(files, 'psql:sql/schema.sql:31: ERROR:  syntax error at or near "CREATE"\n')).toEqual(['sql/schema.sql:31']);
    expect(await placesIn(files, 'at node:internal/sql/schema.sql:31:5\n')).toEqual([]);
  });

  it("reads no path in a quoted escape (`near '\\N,…'`), so a message naming no file keeps the command's", async () => {
    const log = "cat seed.sql | mysql -u app shop\nERROR 1064 (42000) at line 12: You have an error near '\\N,\n";
    expect(await placesIn({ 'seed.sql': lines(20) }, log)).toEqual(['seed.sql:12']);
  });

  it('puts first the innermost place of a message that wraps the error met in the file it read', async () => {
    const files = { 'server.conf': lines(60), 'mods/cache.load': lines(20) };
    const wrapped = 'httpd: Syntax error on line 41 of /etc/httpd/server.conf: Syntax error on line 2 of /etc/httpd/mods/cache.load: bad\n';
    expect(await placesIn(files, wrapped)).toEqual(['mods/cache.load:2', 'server.conf:41']);
    // Two sentences, each its own place: the order they were printed in.
    const two = 'error on line 41 of server.conf. Also error on line 2 of mods/cache.load.\n';
    expect(await placesIn(files, two)).toEqual(['server.conf:41', 'mods/cache.load:2']);
  });

  it('counts a file a sentence names twice (its name, then its path) once, and a member chain as no file', async () => {
    const files = { 'Shop/Store/OrderStore.swift': lines(80), 'Shop/Store/CartStore.swift': lines(80) };
    // The user's folder above the project's own is unknown: resolve places the path by its suffix.
    const jumped =
      'It stopped at the "OrderStore.swift" file under Shop/Shop/Store/OrderStore.swift to Line 57 "let total = ' +
      'Double(row[Column.total.rawValue]) ?? 0" and said "Index out of range".\n';
    expect(await placesIn(files, jumped)).toEqual(['Shop/Store/OrderStore.swift:57']);
    const aside = 'The crash is in CartStore.swift (Shop/Store/CartStore.swift), on line 31 after I tap Pay.\n';
    expect(await placesIn(files, aside)).toEqual(['Shop/Store/CartStore.swift:31']);
    // Two different files and no words joining either to the number: no guess.
    expect(await placesIn(files, 'OrderStore.swift and Shop/Store/CartStore.swift differ, look near line 12\n')).toEqual([]);
    // An extension in capitals (a DOS-era name) is still a file's: only a lower-case letter before a capital makes a member.
    expect(await placesIn({ 'SRC/MAIN.CPP': lines(20) }, 'Error 3 on line 12 of MAIN.CPP\n')).toEqual(['SRC/MAIN.CPP:12']);
  });
});
