// Native tools around the C/C++/Fortran/Ada compilers: the linker, CMake, Bazel, Meson, sanitizers, Valgrind, lldb,
// GoogleTest, Unity, Check, cmocka, gfortran, Intel Fortran and GNAT. Their lines mention C-family or Fortran files without being
// gcc diagnostics, so the family sits before gcc and generic in the registry.
// Link: https://github.com/google/sanitizers/wiki/AddressSanitizer (each helper file links its tools' docs)
import type { GrammarFamily } from '../../engine/format.js';
import { bazel, cmake, ld } from './native-build.js';
import { lldb } from './native-debuggers.js';
import { gfortran, gnat, ifort } from './native-fortran.js';
import { meson } from './native-meson.js';
import { defineValgrindRules, googletest, valgrind } from './native-runtime.js';
import { asan, ubsan } from './native-sanitizers.js';
import { cmocka, libcheck, unity } from './native-unit-tests.js';

export const nativeToolsFamily: GrammarFamily = {
  rules: defineValgrindRules,
  formats: [
    // Frame-shaped formats first: a sanitizer frame or valgrind frame line ends in a `file:L` that the
    // diagnostic formats below would read as a head of their own.
    asan,
    valgrind,
    // lldb's frames hold a function pointer's or closure's place inside their arguments: only the last one is theirs.
    lldb,
    // ubsan before gfortran/gnat/gcc: `x.c:5:11: runtime error:` is a GNU head with a severity gcc does not know.
    ubsan,
    // ld before googletest: both read unindented `path:L: …`; ld's tails (`undefined reference to`) are specific.
    ld,
    googletest,
    // C unit-test runners: Unity's `file:L:test:PASS` and Check's `file:L:P:…` lines and cmocka's mock checks read as GNU heads to gcc.
    unity,
    libcheck,
    cmocka,
    // CMake and Bazel: headed by `CMake Error at` / `ERROR: …BUILD:`; their files are not C-family.
    cmake,
    bazel,
    // Meson: its `meson.build:3:0: ERROR:` lines are relative to the `Source dir:` it printed, which only this
    // format reads; before gcc and generic, which would read them relative to where meson ran.
    meson,
    // Fortran and Ada last: gated by their extensions, so their order among themselves is free.
    gfortran,
    ifort,
    gnat,
  ],
};
