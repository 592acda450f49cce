// A file a failure line names with no line (issue 20, fresh sets 38-39): the file as a whole, and only as the last
// resort: a workspace file, no tool's own log, no file the line says is missing, nothing else of the log placed.
import { afterEach, describe, expect, it } from 'vitest';
import { locate } from '../../src/locate/index.js';
import { makeWorkspace, removeWorkspaces } from '../resolve/_workspace.js';

afterEach(removeWorkspaces);

async function placesIn(files: Record<string, string>, log: string): Promise<string[]> {
  const root = await makeWorkspace(files);
  const result = await locate({ text: log }, { cwd: root, roots: [root] });
  return result.locations.map((location) => `${location.file}:${location.line}`);
}

describe('prose-file', () => {
  it('places a quoted file of an error line, and a folder path by its suffix, as the whole file', async () => {
    const compose = "ERROR: The Compose file './deploy/compose.yml' is invalid because:\nservices.web.ports is invalid\n";
    expect(await placesIn({ 'deploy/compose.yml': 'x\n' }, compose)).toEqual(['deploy/compose.yml:0']);
    const cop = 'An error occurred while Style/WordArray cop was inspecting /home/me/shop/lib/shop/sizes.rb.\n';
    expect(await placesIn({ 'lib/shop/sizes.rb': 'x\n' }, cop)).toEqual(['lib/shop/sizes.rb:0']);
  });

  it('reads a sentence that calls a quoted file invalid with no severity before it (a paste cut after `ERROR: `)', async () => {
    const files = { 'ops/stack.yml': 'x\n', 'web/app.yml': 'x\n' };
    const cut = "The Compose file './ops/stack.yml' is invalid because:\nservices.api.ports contains an invalid type\n";
    expect(await placesIn(files, cut)).toEqual(['ops/stack.yml:0']);
    expect(await placesIn(files, 'Config file "web/app.yml" is not valid: unknown key\n')).toEqual(['web/app.yml:0']);
    // kubectl quotes an object's name, not a file: no extension, no place.
    expect(await placesIn({ web: 'x\n' }, 'The Deployment "web" is invalid: spec.replicas: Invalid value\n')).toEqual([]);
    // Inside a user's sentence (a lower-case word first) the verb says less.
    expect(await placesIn(files, "then the file './ops/stack.yml' is invalid again\n")).toEqual([]);
  });

  it("reads a test runner's progress row only when it marks a failure or an error", async () => {
    const files = { 'tests/test_cart.py': 'x\n' };
    expect(await placesIn(files, 'tests/test_cart.py ..F.   [100%]\n')).toEqual(['tests/test_cart.py:0']);
    expect(await placesIn(files, 'tests/test_cart.py ....   [100%]\n')).toEqual([]);
  });

  it("reads a test runner's FAIL badge over no frame as its test file, and a frame under it first", async () => {
    const files = { 'spec/cart.spec.js': 'a\nb\nc\n' };
    const bare = ' FAIL  spec/cart.spec.js\nTypeError: Cannot read property of undefined\n1 test failed, 0 tests passed (1 total)\n';
    expect(await placesIn(files, bare)).toEqual(['spec/cart.spec.js:0']);
    const framed = ' FAIL  spec/cart.spec.js\n  ● cart › adds\n\n    boom\n\n      at Object.<anonymous> (spec/cart.spec.js:2:5)\n';
    expect(await placesIn(files, framed)).toEqual(['spec/cart.spec.js:2']);
    // vitest marks its frames with `❯` and ends with `Test Files`: a suite that failed in a dependency's frames alone
    // has nothing of the workspace's to place (the badge's file is no fault of its own).
    const vitest =
      ' FAIL  spec/cart.spec.js [ spec/cart.spec.js ]\nTypeError: x is not a function\n' +
      ' \u276f Object.<anonymous> ../../node_modules/left-pad/index.js:3:9\n\n Test Files  1 failed (1)\n';
    expect(await placesIn(files, vitest)).toEqual([]);
    // A word, not a badge: `Fail` or `fail` in a sentence says less.
    expect(await placesIn(files, 'Fail spec/cart.spec.js on purpose\n')).toEqual([]);
  });

  it("reads an exception's header as a failure line: the template a framework names in its message", async () => {
    const thymeleaf =
      'org.thymeleaf.exceptions.TemplateInputException: An error happened during template parsing ' +
      '(template: "class path resource [templates/member/form.html]")\n' +
      '\tat org.thymeleaf.templateparser.markup.AbstractMarkupTemplateParser.parse(AbstractMarkupTemplateParser.java:241)\n';
    expect(await placesIn({ 'src/main/resources/templates/member/form.html': 'x\n' }, thymeleaf)).toEqual([
      'src/main/resources/templates/member/form.html:0',
    ]);
    const url = 'Caused by: org.thymeleaf.exceptions.TemplateInputException: x (template: "URL [file:src/main/resources/t/a.html]")\n';
    expect(await placesIn({ 'src/main/resources/t/a.html': 'x\n' }, url)).toEqual(['src/main/resources/t/a.html:0']);
    // Symfony's and Laravel 5's debug page: its counter, the class, and the raising frame's bare name (a dependency's,
    // which the workspace does not hold) before the view the message names.
    const laravel =
      '2/2 ErrorException in Factory.php line 564: Cannot end a section. (View: C:\\www\\s5\\resources\\views\\home.blade.php)\n';
    expect(await placesIn({ 'resources/views/home.blade.php': 'x\n' }, laravel)).toEqual(['resources/views/home.blade.php:0']);
    // Without the header's class, a lower-case word first is a sentence.
    expect(await placesIn({ 'templates/a.html': 'x\n' }, 'org says templates/a.html broke\n')).toEqual([]);
  });

  it('never stands beside a place with a line, nor for a file the workspace lacks', async () => {
    const files = { 'deploy/compose.yml': 'x\n', 'app/main.py': 'a\nb\nc\n' };
    const log = 'ERROR: The Compose file \'./deploy/compose.yml\' is invalid\n  File "app/main.py", line 3, in <module>\n';
    expect(await placesIn(files, log)).toEqual(['app/main.py:3']);
    expect(await placesIn({ 'other.yml': 'x\n' }, "ERROR: The Compose file './deploy/compose.yml' is invalid\n")).toEqual([]);
  });

  it("skips a file the line says is missing, a tool's own log, and a failure word inside a sentence", async () => {
    const files = { Dockerfile: 'FROM x\n', 'logs/_logs/debug.log': 'x\n', 'src/app.js': 'x\n' };
    expect(await placesIn(files, 'failed to read dockerfile: open /var/tmp/ctx/Dockerfile: no such file or directory\n')).toEqual([]);
    expect(await placesIn(files, 'error: A complete log of this run can be found in: logs/_logs/debug.log\n')).toEqual([]);
    expect(await placesIn(files, 'I see the error after editing src/app.js\n')).toEqual([]);
  });

  it("never takes a path inside R's system.file(…) call: it names the installed package's copy", async () => {
    const files = { 'inst/utils/helpers.R': 'x\n', 'inst/extdata/genes.csv': 'x\n', 'R/run.R': 'x\n' };
    const sourced = 'Error in source(system.file("utils/helpers.R", package = "shelf")) : \nempty file/url name\n';
    expect(await placesIn(files, sourced)).toEqual([]);
    const parts = 'Error in read.csv(system.file("extdata", "genes.csv", package = "shelf")) : no lines available in input\n';
    expect(await placesIn(files, parts)).toEqual([]);
    // The same line naming a workspace path of its own is still read.
    expect(await placesIn(files, 'Error in source("R/run.R") : argument is of length zero\n')).toEqual(['R/run.R:0']);
  });

  it('places a whole-file diagnostic: the file first, a failure severity after it, no position', async () => {
    const files = { 'lib/ledger.dart': 'x\n' };
    expect(await placesIn(files, "lib/ledger.dart: Error: No top-level 'main' function.\n")).toEqual(['lib/ledger.dart:0']);
    expect(await placesIn(files, 'lib/ledger.dart: warning: unused import.\n')).toEqual([]);
    // Argparse's usage error names the script the same way: the command is what to fix.
    const usage = 'usage: ledger.dart [-h] FILE\nlib/ledger.dart: error: the following arguments are required: FILE\n';
    expect(await placesIn(files, usage)).toEqual([]);
  });

  it("places MSBuild's row whose origin is a file with no position, in the Output window's and xbuild's spelling", async () => {
    const files = { 'Views/Invoice.xaml': 'x\n', 'Ledger.App.csproj': 'x\n' };
    const output = '1>Views/Invoice.xaml : error :  : XamlC error XFC0000 : Cannot resolve type "InvoiceView".\n';
    expect(await placesIn(files, output)).toEqual(['Views/Invoice.xaml:0']);
    expect(await placesIn(files, 'Views/Invoice.xaml: error XV0001: Cannot resolve type "InvoiceView".\n')).toEqual([
      'Views/Invoice.xaml:0',
    ]);
    // An error list copied with its empty code column.
    expect(await placesIn(files, 'Views/Invoice.xaml: Error:  : XamlC error XFC0000 : Cannot resolve type.\n')).toEqual([
      'Views/Invoice.xaml:0',
    ]);
    const nuget = '/home/me/ledger/Ledger.App.csproj : error NU1101: Unable to find package Acme.Pdf.\n';
    expect(await placesIn(files, nuget)).toEqual(['Ledger.App.csproj:0']);
    expect(await placesIn(files, 'Views/Invoice.xaml : warning XV0101: Layout has no root element.\n')).toEqual([]);
  });

  it("keeps MSBuild's coded row whose words say something the project names is missing, not the project", async () => {
    const files = { 'src/Scripting/Scripting.csproj': 'x\n' };
    const target = 'D:\\ci\\src\\Scripting\\Scripting.csproj : error MSB4057: The target "Pack" does not exist in the project.\n';
    expect(await placesIn(files, target)).toEqual(['src/Scripting/Scripting.csproj:0']);
    // With no code, missing words still say the named file is missing: nothing to place.
    expect(await placesIn(files, 'src/Scripting/Scripting.csproj : error : project file does not exist.\n')).toEqual([]);
  });

  it("reads a failure line led by a tool's own mark, never one inside a sentence", async () => {
    const files = { Podfile: 'x\n', 'config/app.yml': 'x\n' };
    const pod = "[!] Invalid `Podfile` file: undefined local variable or method `shared_pods' for #<Pod::Podfile:0x7f8b>.\n";
    expect(await placesIn(files, pod)).toEqual(['Podfile:0']);
    expect(await placesIn(files, "\u2716 Error: could not read 'config/app.yml'\n")).toEqual(['config/app.yml:0']);
    expect(await placesIn(files, 'After the upgrade [!] Invalid `Podfile` file shows up\n')).toEqual([]);
  });

  it('places a file named alone on its line over a failure line, unless that line says a path is missing', async () => {
    const files = { 'app/[id]/page.tsx': 'x\n' };
    const typeError = "app/[id]/page.tsx\nType error: Property 'name' does not exist on type 'Props'.\n";
    expect(await placesIn(files, typeError)).toEqual(['app/[id]/page.tsx:0']);
    expect(await placesIn(files, 'app/[id]/page.tsx\nError: ENOENT: no such file or directory, open x\n')).toEqual([]);
    expect(await placesIn(files, 'app/[id]/page.tsx\ncompiled in 3 s\n')).toEqual([]);
  });

  it('keeps a bounded number of candidates however many failure lines name files', async () => {
    const files = Object.fromEntries(Array.from({ length: 40 }, (_, index) => [`src/m${index}.js`, 'x\n']));
    const log = Array.from({ length: 40 }, (_, index) => `Error: could not transform 'src/m${index}.js'`).join('\n');
    const places = await placesIn(files, log);
    expect(places.length).toBeGreaterThan(0);
    expect(places.length).toBeLessThanOrEqual(16);
  });
});
