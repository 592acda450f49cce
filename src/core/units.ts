// The two words every model of core speaks (locations and fixes alike), in a file of their own so that
// neither model imports the other's file for them.

/** How serious a finding is, as the tool said it (null when the format carries no severity). */
export type Severity = 'error' | 'warning' | 'note';

/**
 * What a printed column counts. Tools disagree: gcc counts display cells, Go bytes, tsc and V8
 * UTF-16 code units, rustc Unicode scalars. Converting needs the line's text (see position.ts).
 */
export type ColumnUnit = 'byte' | 'utf-16' | 'char' | 'display' | 'unknown';
