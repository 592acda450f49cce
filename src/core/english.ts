// Counts and articles in messages (issue 13: "1 line", "an ELF"): one place for the grammar every report uses.

/** "1 line", "2 lines"; `plural` for irregular words. */
export function countOf(count: number, singular: string, plural = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : plural}`;
}

/** "a" or "an" before a word, by its sound as commonly read (an ELF, an HTML file, a UTF-16 file). */
export function articleFor(word: string): 'a' | 'an' {
  if (/^(?:[aeio]|u(?!ni|s[eu]|t[fi]))/i.test(word)) return 'an';
  // Initialisms read letter by letter: F, H, L, M, N, R, S, X start with a vowel sound.
  if (/^[FHLMNRSX](?:[A-Z0-9]|$)/.test(word)) return 'an';
  return 'a';
}
