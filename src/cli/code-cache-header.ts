// The header of a CLI code cache file (launcher.ts reads it, scripts/code-cache.mjs writes the same): V8 checks a
// cache against the source's length only, so the file records the sha256 of the bundle it was made from and of
// the cache bytes, and a file that does not match both is never given to V8.

// `FLCC1 <bundle sha256> <cache sha256>\n`, then the bytes V8 made.
const MAGIC = 'FLCC1 ';
const HEADER_BYTES = MAGIC.length + 64 + 1 + 64 + 1;

// node:crypto is loaded only to hash: loading it cost every start ~2 ms, and the build's own cache needs no hash.
export function sha256(bytes: Buffer | string): string {
  const { createHash } = process.getBuiltinModule('node:crypto');
  return createHash('sha256').update(bytes).digest('hex');
}

export function withHeader(cache: Buffer, bundleDigest: string): Buffer {
  return Buffer.concat([Buffer.from(`${MAGIC}${bundleDigest} ${sha256(cache)}\n`, 'latin1'), cache]);
}

/** The V8 bytes of a cache file made from the bundle with `bundleDigest`, or why it is not used. */
export function checkedCache(file: Buffer, bundleDigest: string): Buffer | string {
  const header = madeFor(file, bundleDigest);
  if (typeof header === 'string') return header;
  const cache = file.subarray(HEADER_BYTES);
  return sha256(cache) === header.digest ? cache : 'its bytes do not match their recorded digest';
}

/**
 * The V8 bytes of the cache the build wrote beside the bundle, if its header names the bundle with `bundleDigest`
 * (the digest the build wrote into the launcher), else why it is not used. Its bytes are not hashed: the build
 * wrote them with the bundle and the launcher, into the same package, so they are exactly as trusted as the bundle
 * (whose own bytes nothing checks either), and hashing them cost every start ~3 ms (issue 21).
 */
export function builtCache(file: Buffer, bundleDigest: string): Buffer | string {
  const header = madeFor(file, bundleDigest);
  return typeof header === 'string' ? header : file.subarray(HEADER_BYTES);
}

function madeFor(file: Buffer, bundleDigest: string): { digest: string } | string {
  const header = file.subarray(0, HEADER_BYTES).toString('latin1');
  const [madeFrom, digest] = header.slice(MAGIC.length, -1).split(' ');
  if (!header.startsWith(MAGIC) || !header.endsWith('\n') || madeFrom === undefined || digest === undefined)
    return 'it has no digest header';
  return madeFrom === bundleDigest ? { digest } : 'it was made from another bundle';
}
