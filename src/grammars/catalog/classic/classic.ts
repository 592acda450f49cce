// Emacs compile-mode's classic catalog (`compilation-error-regexp-alist-alist`): location forms of GNU tools,
// older Unix and vendor compilers, and a few tools with a shape of their own, that no other family prints.
// Link: https://www.gnu.org/software/emacs/manual/html_node/emacs/Compilation-Mode.html
import type { GrammarFamily } from '../../engine/format.js';
import { edg, gnu, irix, sunAda } from './classic-gnu.js';
import { absoft, ftnchek, mips, oracle, rxp } from './classic-prose.js';
import { borland, iar, ibm, makepp } from './classic-vendors.js';
import { cucumber } from './cucumber.js';
import { aix, epc, fileEquals, lcc, podchecker, watcom } from './classic-more.js';

export const classicFamily: GrammarFamily = {
  formats: [
    // iar before edg: both start with a quoted path, iar's `",12  Error[…]` is the narrower of the two.
    iar,
    edg,
    // sun-ada before irix: `file, line N, char C:` would otherwise end irix's `file, line N` too early.
    sunAda,
    irix,
    // The rest have disjoint heads (`{standard input}`/`file:L.C`, `Error E2209 f 15`, `f(L:C) : `, a
    // sentence, `cucumber `, `makepp`, `E, f(L,C)`, `f(L): Error! E…`, `*** ERROR:`, `File = f, Line = L`,
    // `Error N at (L:f)`), so their order is free.
    gnu,
    borland,
    ibm,
    absoft,
    oracle,
    ftnchek,
    rxp,
    mips,
    cucumber,
    makepp,
    aix,
    lcc,
    watcom,
    podchecker,
    fileEquals,
    epc,
  ],
};
