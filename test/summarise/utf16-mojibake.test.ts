// ASCII read as UTF-16LE and written back as UTF-8 is read back as its bytes, only where they name a file and a line.
import { describe, expect, it } from 'vitest';
import { normaliseLine } from '../../src/summarise/index.js';
import { repairUtf16Mojibake } from '../../src/summarise/utf16-mojibake.js';

/** What a wrapper that decodes its child's ASCII as UTF-16LE prints. */
function damaged(ascii: string): string {
  const bytes = Buffer.from(ascii.length % 2 === 0 ? ascii : `${ascii} `, 'latin1');
  return bytes.toString('utf16le');
}

describe('UTF-16 mojibake of ASCII', () => {
  it('reads a run back from its first line that names a place', () => {
    const line = `error: ${damaged('app.cpp\r\nsrc\\app.cpp(12): error C2143: syntax error\r\n')}`;
    expect(repairUtf16Mojibake(line)).toBe('error: src\\app.cpp(12): error C2143: syntax error');
    expect(normaliseLine(line)).toBe('error: src\\app.cpp(12): error C2143: syntax error');
    expect(repairUtf16Mojibake(damaged('lib/util.go:7: undefined: x'))).toBe('lib/util.go:7: undefined: x');
  });

  it('leaves real CJK text and runs that name no place alone', () => {
    for (const text of [
      '错误：未声明的标识符（在此函数内第一次使用）',
      '構建失敗，請檢查設定檔',
      damaged('no place in these words at all'),
    ])
      expect(repairUtf16Mojibake(text)).toBe(text);
  });
});
