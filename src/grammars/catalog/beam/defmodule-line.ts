// An Elixir stack frame at line 1 of a module's `.ex` file (held-out set 62): code a macro generated at compile time is
// placed on the `defmodule` line, where the module's `@before_compile` hooks run (Phoenix's router matchers and
// `plug_builder_call`, any `use`d module's injected functions). Nobody wrote that line, so the frame is marked generated
// (resolve drops it as the build's, keeping its place in the trace): the frame that called it (the user's line) or
// nothing is reported. A script's top-level code (`.exs`) and compiler diagnostics (a `use` failing at line 1) keep it.
// Link: https://hexdocs.pm/elixir/1.14/Module.html#module-before_compile

/** Whether a runtime frame's location is the `defmodule` line of an `.ex` file, where generated code sits. */
export function atDefmoduleLine(file: string, line: number): boolean {
  return line === 1 && file.endsWith('.ex');
}
