// The header of a CLI code cache file (launcher.ts reads it, scripts/code-cache.mjs writes the same): V8 checks a
// cache against the source's length only, so the file records the sha256 of the bundle it was made from and of
// the cache bytes, and a file that does not match both is never given to V8.
import { createHash } from 'node:crypto';

// `FLCC1 <bundle sha256> <cache sha256>\n`, then the bytes V8 made.
const MAGIC = 'FLCC1 ';
const HEADER_BYTES = MAGIC.length + 64 + 1 + 64 + 1;

export function sha256(bytes: Buffer | string): string {
  return createHash('sha256').update(bytes).digest('hex');
}

export function withHeader(cache: Buffer, bundleDigest: string): Buffer {
  return Buffer.concat([Buffer.from(`${MAGIC}${bundleDigest} ${sha256(cache)}\n`, 'latin1'), cache]);
}

/** The V8 bytes of a cache file made from the bundle with `bundleDigest`, or why it is not used. */
export function checkedCache(file: Buffer, bundleDigest: string): Buffer | string {
  const header = file.subarray(0, HEADER_BYTES).toString('latin1');
  const [madeFrom, digest] = header.slice(MAGIC.length, -1).split(' ');
  if (!header.startsWith(MAGIC) || !header.endsWith('\n') || madeFrom === undefined || digest === undefined)
    return 'it has no digest header';
  if (madeFrom !== bundleDigest) return 'it was made from another bundle';
  const cache = file.subarray(HEADER_BYTES);
  return sha256(cache) === digest ? cache : 'its bytes do not match their recorded digest';
}
