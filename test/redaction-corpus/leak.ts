// What counts as a leak in the corpus tests.

/** The secret whole, or for a long one any 16-character piece of it (never a coincidence at that length). */
export function leaked(text: string, secret: string): boolean {
  if (text.includes(secret)) return true;
  if (secret.length < 24) return false;
  for (let start = 0; start + 16 <= secret.length; start += 4) if (text.includes(secret.slice(start, start + 16))) return true;
  return false;
}
