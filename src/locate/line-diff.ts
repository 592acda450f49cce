// A small line diff (LCS) for readable fixture differences; inputs are a few hundred lines at most.

/** Unified-style lines: ' ' kept, '-' expected only, '+' actual only; unchanged runs trimmed to context. */
export function diffLines(expected: string, actual: string, context = 2): string[] {
  const left = expected.split('\n');
  const right = actual.split('\n');
  const rows = left.length + 1;
  const cols = right.length + 1;
  const table = new Uint32Array(rows * cols);
  for (let i = left.length - 1; i >= 0; i--) {
    for (let j = right.length - 1; j >= 0; j--) {
      table[i * cols + j] =
        left[i] === right[j]
          ? (table[(i + 1) * cols + j + 1] ?? 0) + 1
          : Math.max(table[(i + 1) * cols + j] ?? 0, table[i * cols + j + 1] ?? 0);
    }
  }
  const ops: Array<[string, string]> = [];
  let i = 0;
  let j = 0;
  while (i < left.length || j < right.length) {
    if (i < left.length && j < right.length && left[i] === right[j]) {
      ops.push([' ', left[i] ?? '']);
      i++;
      j++;
    } else if (j < right.length && (i >= left.length || (table[i * cols + j + 1] ?? 0) >= (table[(i + 1) * cols + j] ?? 0))) {
      ops.push(['+', right[j] ?? '']);
      j++;
    } else {
      ops.push(['-', left[i] ?? '']);
      i++;
    }
  }
  const keep = ops.map(
    ([kind], index) => kind !== ' ' || ops.slice(Math.max(0, index - context), index + context + 1).some(([other]) => other !== ' '),
  );
  const out: string[] = [];
  ops.forEach(([kind, text], index) => {
    if (keep[index]) out.push(`${kind} ${text}`);
    else if (keep[index - 1]) out.push('  …');
  });
  return out;
}
