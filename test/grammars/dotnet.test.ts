// .NET family: MSBuild/MSVC paren locations with drive letters, backslashes, spaces and parentheses, the C# range
// form, the `[project]` suffix, and .NET stack frames `in /path/x.cs:line 14` with inner-exception ranking
// (formats.md §3.1–3.3, §3.11, §3.18).
import { describe, expect, it } from 'vitest';
import { scanLog as scan } from '../_scan.js';

describe('msbuild', () => {
  it('reads a drive-letter backslash path and keeps the [project] suffix out of the message', () => {
    const [location, ...rest] = scan(['C:\\work\\svc\\Program.cs(10,31): error CS1002: ; expected [C:\\work\\svc\\svc.csproj]']);
    expect(rest).toEqual([]);
    expect(location).toMatchObject({
      file: 'C:\\work\\svc\\Program.cs',
      line: 10,
      column: 31,
      severity: 'error',
      code: 'CS1002',
      message: '; expected',
      format: 'msbuild',
    });
    expect(location?.message).not.toContain('svc.csproj');
  });

  it('reads the C# range form (L,C,EL,EC)', () => {
    expect(
      scan([
        "Billing\\Invoice.cs(12,5,12,19): error CS0246: The type or namespace name 'Foo' could not be found [/src/Billing/Billing.csproj]",
      ]),
    ).toMatchObject([
      {
        file: 'Billing\\Invoice.cs',
        line: 12,
        column: 5,
        endLine: 12,
        endColumn: 19,
        severity: 'error',
        code: 'CS0246',
        message: "The type or namespace name 'Foo' could not be found",
        format: 'msbuild',
      },
    ]);
  });
  it('names the folder of the trailing [project] as hints.projectDirectory, for origins relative to it', () => {
    expect(scan(['Models/User.cs(7,12): error CS0246: missing [D:\\a\\shop\\src\\Shop.Api\\Shop.Api.csproj]'])).toMatchObject([
      { file: 'Models/User.cs', hints: { projectDirectory: 'D:\\a\\shop\\src\\Shop.Api' } },
    ]);
  });

  it("adds the bracketed project as a whole-file last resort when MSBuild's own logic (targets, props) raised the error", () => {
    const sdk =
      'C:\\sdk\\Sdks\\Microsoft.NET.Sdk\\targets\\Inference.targets(9,5): error NETSDK1045: cannot build net9.0 [C:\\a\\Ok.csproj]';
    expect(scan([sdk])).toMatchObject([
      { file: 'C:\\sdk\\Sdks\\Microsoft.NET.Sdk\\targets\\Inference.targets', line: 9, code: 'NETSDK1045' },
      { file: 'C:\\a\\Ok.csproj', line: 0, column: null, code: 'NETSDK1045', hints: { confirm: true, fileOnly: true } },
    ]);
    // A source file's error is that file's own, and a project's own error names no other project.
    expect(scan(['C:\\a\\P.cs(1,2): error CS1002: x [C:\\a\\Ok.csproj]'])).toHaveLength(1);
    expect(scan(['C:\\a\\Ok.csproj(3,4): error MSB4025: x [C:\\a\\Ok.csproj]'])).toHaveLength(1);
    // The same codes inform too: a `message` row judges nothing.
    expect(scan(['C:\\sdk\\targets\\Inference.targets(287,5): message NETSDK1057: preview SDK [C:\\a\\Ok.csproj]'])).toHaveLength(1);
    // A task's tool that exited badly is no fault of the project (an SDK and runtime that do not match).
    expect(
      scan(['C:\\u\\.nuget\\packages\\kit.sdk\\build\\Kit.targets(170,9): error MSB6006: "dotnet.exe" exited [C:\\a\\Ok.csproj]']),
    ).toHaveLength(1);
  });
});

describe('msbuild: rows its console logger wrapped after the extension', () => {
  const head = 'C:\\work\\ledger\\Ledger.Shared\\Tagging\\StrongOverloadsAttribute.';
  it('joins the extension at the margin to the folders and the name on the line above', () => {
    expect(
      scan([head, "cs(4,7): error CS0246: The type or namespace name 'Tag' could not be found [C:\\work\\ledger\\L.csproj]"]),
    ).toMatchObject([{ file: `${head}cs`, line: 4, column: 7, code: 'CS0246', severity: 'error', format: 'msbuild', logLine: 2 }]);
  });

  it('needs a path cut right after its dot above: an extension alone under anything else is no row', () => {
    expect(scan(['Building the ledger.', 'cs(4,7): error CS0246: missing'])).toEqual([]);
    expect(scan([`${head.slice(0, -1)}`, 'cs(4,7): error CS0246: missing'])).toEqual([]);
    expect(scan(['', 'cs(4,7): error CS0246: missing'])).toEqual([]);
  });
});

describe('msvc', () => {
  it('strips the parallel-build `3>` prefix before a drive letter', () => {
    expect(
      scan(["3>D:\\game\\ai\\nav.cpp(77,9): warning C4244: 'argument': conversion from 'double' to 'float', possible loss of data"]),
    ).toMatchObject([{ file: 'D:\\game\\ai\\nav.cpp', line: 77, column: 9, severity: 'warning', code: 'C4244', format: 'msvc' }]);
  });

  it('keeps spaces in the path (keyboard handler.c) and reads the line-only form', () => {
    expect(
      scan([
        "C:\\Users\\me\\My Project\\keyboard handler.c(537): warning C4996: 'strcpy': This function may be unsafe",
        "physics\\step.cpp(214): error C2065: 'dt': undeclared identifier",
      ]),
    ).toMatchObject([
      { file: 'C:\\Users\\me\\My Project\\keyboard handler.c', line: 537, column: null, severity: 'warning', code: 'C4996' },
      { file: 'physics\\step.cpp', line: 214, column: null, severity: 'error', code: 'C2065', message: "'dt': undeclared identifier" },
    ]);
  });

  it('keeps parentheses that belong to the path (Program Files (x86))', () => {
    expect(scan(["C:\\Program Files (x86)\\Acme\\src\\widget.cpp(12,5): error C2143: syntax error: missing ';' before '}'"])).toMatchObject(
      [{ file: 'C:\\Program Files (x86)\\Acme\\src\\widget.cpp', line: 12, column: 5, severity: 'error', code: 'C2143' }],
    );
  });
});

describe('dotnet-stack', () => {
  it('ranks the inner exception (frames before `--- End of inner exception stack trace ---`) as the root cause', () => {
    const locations = scan([
      'Unhandled exception. System.InvalidOperationException: outer',
      ' ---> System.ArgumentException: inner cause',
      '   at Svc.Parser.Parse(String s) in /src/Svc/Parser.cs:line 14',
      '   at Svc.Program.Main(String[] args) in /src/Svc/Program.cs:line 8',
      '   --- End of inner exception stack trace ---',
      '   at Svc.Program.Main(String[] args) in /src/Svc/Program.cs:line 10',
    ]);
    expect(
      locations.map((l) => [l.file, l.line, l.severity, l.format, l.frame?.index, l.frame?.causeRank, l.frame?.innermostLast]),
    ).toEqual([
      ['/src/Svc/Parser.cs', 14, null, 'dotnet-stack', 0, 0, false],
      ['/src/Svc/Program.cs', 8, null, 'dotnet-stack', 1, 0, false],
      ['/src/Svc/Program.cs', 10, null, 'dotnet-stack', 0, 1, false],
    ]);
    expect(locations[0]?.frame?.trace).toBe(locations[1]?.frame?.trace);
    expect(locations[2]?.frame?.trace).not.toBe(locations[0]?.frame?.trace);
    expect(locations[0]?.message).toContain('inner cause');
  });

  it('reads a Windows frame of a `dotnet test` failure with its assertion message', () => {
    expect(
      scan([
        '  Failed Svc.Tests.CalcTests.Adds [12 ms]',
        '  Error Message:',
        '   Assert.Equal() Failure',
        '  Stack Trace:',
        '     at Svc.Tests.CalcTests.Adds() in C:\\work\\svc\\tests\\CalcTests.cs:line 21',
      ]),
    ).toMatchObject([
      {
        file: 'C:\\work\\svc\\tests\\CalcTests.cs',
        line: 21,
        column: null,
        severity: null,
        message: 'Assert.Equal() Failure',
        format: 'dotnet-stack',
        frame: { index: 0 },
      },
    ]);
  });
});

describe('dotnet-stack: compiled Razor views', () => {
  it("reads a view's generated class as its .cshtml, in each ASP.NET naming, as the whole file", () => {
    const frames = [
      '   at AspNetCore._Views_Shop_Cart_cshtml.<ExecuteAsync>d__9.MoveNext()',
      '   at AspNetCore.Views_Shared__Layout.ExecuteAsync()',
      '   at AspNetCoreGeneratedDocument.Areas_Admin_Pages_Users_Edit.ExecuteAsync()',
      '   at ASP._Page_Views_Home_About_vbhtml.Execute()',
      '   at async Task AspNetCore.Pages_Index.ExecuteAsync()',
    ];
    const read = frames.map((frame) => scan(['System.NullReferenceException: no order', frame]).map((l) => [l.file, l.line, l.format]));
    expect(read).toEqual([
      [['Views/Shop/Cart.cshtml', 0, 'dotnet-stack']],
      [['Views/Shared/_Layout.cshtml', 0, 'dotnet-stack']],
      [['Areas/Admin/Pages/Users/Edit.cshtml', 0, 'dotnet-stack']],
      [['Views/Home/About.vbhtml', 0, 'dotnet-stack']],
      [['Pages/Index.cshtml', 0, 'dotnet-stack']],
    ]);
  });

  it('keeps the view as the innermost frame of its trace and reads no other fileless frame', () => {
    const locations = scan([
      'System.InvalidOperationException: no basket',
      '   at AspNetCore.Views_Shop_Cart.ExecuteAsync()',
      '   at Microsoft.AspNetCore.Mvc.Razor.RazorView.RenderPageCoreAsync(IRazorPage page, ViewContext context)',
      '   at Shop.Web.Controllers.CartController.Show() in /srv/shop/Controllers/CartController.cs:line 30',
    ]);
    expect(locations.map((l) => [l.file, l.line, l.frame?.index])).toEqual([
      ['Views/Shop/Cart.cshtml', 0, 0],
      ['/srv/shop/Controllers/CartController.cs', 30, 1],
    ]);
    expect(locations[0]?.frame?.trace).toBe(locations[1]?.frame?.trace);
  });

  it('leaves a class of another namespace, or a view name in prose, alone', () => {
    expect(scan(['   at Shop.Views_Home_Index.Render()', 'see AspNetCore.Views_Home_Index for the page'])).toEqual([]);
  });
});

describe('look-alikes', () => {
  it('finds nothing in a paren-and-comma count or a C++ scope', () => {
    expect(
      scan([
        'Total (x86) 12,5 items',
        'std::vector<int>::push_back',
        'Build succeeded.',
        '    0 Warning(s)',
        '    0 Error(s)',
        'Time Elapsed 00:00:01.52',
      ]),
    ).toEqual([]);
  });
});

describe('dotnet-stack in other languages', () => {
  it('reads frames the runtime printed with its localised words (`bei … in F:Zeile N`, `在 … 位置 F:行号 N`)', () => {
    const found = scan([
      'System.NullReferenceException: Der Objektverweis wurde nicht festgelegt.',
      '   bei Shop.Cart.Total() in C:\\src\\Shop\\Cart.cs:Zeile 41.',
      '   bei Shop.Till.Close() in C:\\src\\Shop\\Till.cs:Zeile 12.',
      '',
      '   在 Shop.Cart.Total() 位置 C:\\src\\Shop\\Cart.cs:行号 41',
      '   à Shop.Cart.Total() dans C:\\src\\Shop\\Cart.cs:ligne 41',
    ]);
    expect(found.map((loc) => [loc.format, loc.file, loc.line])).toEqual([
      ['dotnet-stack', 'C:\\src\\Shop\\Cart.cs', 41],
      ['dotnet-stack', 'C:\\src\\Shop\\Till.cs', 12],
      ['dotnet-stack', 'C:\\src\\Shop\\Cart.cs', 41],
      ['dotnet-stack', 'C:\\src\\Shop\\Cart.cs', 41],
    ]);
  });
});

describe('dotnet-stack in a crash report', () => {
  it("reads App Center's frames (no frame word, the namespace after a semicolon, a blank line between) as one trace", () => {
    const found = scan([
      '### Stacktrace ###',
      '',
      'Shop.Cart.Total(Int32 count) in C:\\src\\Shop App (WPF)\\Cart.cs:line 41;Shop',
      '',
      'Shop.Till.Close();Shop',
      '',
      'Shop.Till.Open(Object sender, EventArgs e) in C:\\src\\Shop App (WPF)\\Till.cs:line 12;Shop',
      '',
      '### Reason ###',
      '',
      'Tienda.Caja.Total(Int32 count) en C:\\src\\Tienda\\Caja.cs:línea 7;Tienda',
    ]);
    expect(found.map((loc) => [loc.format, loc.file, loc.line, loc.frame?.trace, loc.frame?.index])).toEqual([
      ['dotnet-stack', 'C:\\src\\Shop App (WPF)\\Cart.cs', 41, 1, 0],
      ['dotnet-stack', 'C:\\src\\Shop App (WPF)\\Till.cs', 12, 1, 1],
      ['dotnet-stack', 'C:\\src\\Tienda\\Caja.cs', 7, 2, 0],
    ]);
  });

  it("reads a Mono-built app's App Center frames: a blank before the parameters, the IL offset, `:L`", () => {
    const found = scan([
      'Shop.Sync.Pull () [0x0001a] in /Users/dev/Shop/Shop/Sync.cs:88;Shop',
      '',
      'Shop.Sync.Start () [0x00004] in /Users/dev/Shop/Shop/Sync.cs:30;Shop',
      '',
      'Shop.Sync.Stop () [0x0000c] in <4f2e9a0c1b8d4e6fa1c3d5e7f9a1b3c5>:0;Shop',
    ]);
    expect(found.map((loc) => [loc.format, loc.file, loc.line, loc.frame?.index])).toEqual([
      ['dotnet-stack', '/Users/dev/Shop/Shop/Sync.cs', 88, 0],
      ['dotnet-stack', '/Users/dev/Shop/Shop/Sync.cs', 30, 1],
    ]);
  });

  it("reads Application Insights' frames, the assembly in the parentheses, and its portal table's copy that repeats it", () => {
    const asm = 'Shop.Web, Version=1.0.0.0, Culture=neutral, PublicKeyToken=null';
    const found = scan([
      'System.NullReferenceException:',
      `   at Shop.Web.Cart+<Total>d__4.MoveNext (${asm}: D:\\a\\shop\\src\\Shop.Web\\Cart.cs:41)`,
      '   at System.Runtime.ExceptionServices.ExceptionDispatchInfo.Throw (System.Private.CoreLib, Version=8.0.0.0, ' +
        'Culture=neutral, PublicKeyToken=7cec85d7bea7798e)',
      `   at Shop.Web.Pages.Pages_Cart+<ExecuteAsync>d__9.MoveNext (${asm}${asm}: C:\\src\\Shop.Web\\Pages\\Cart.cshtml${asm}: 12)`,
    ]);
    expect(found.map((loc) => [loc.format, loc.file, loc.line, loc.frame?.trace, loc.message])).toEqual([
      ['dotnet-stack', 'D:\\a\\shop\\src\\Shop.Web\\Cart.cs', 41, 1, 'System.NullReferenceException:'],
      ['dotnet-stack', 'C:\\src\\Shop.Web\\Pages\\Cart.cshtml', 12, 1, 'System.NullReferenceException:'],
    ]);
  });

  it('leaves a call written in a sentence or code alone', () => {
    expect(scan(['call(x) in the loop at main.c:line 3', 'total(n) in src/a.cs:line 4; see above'], ['dotnet-stack'])).toEqual([]);
  });
});
