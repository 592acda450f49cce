// The server/watch lines that end start()'s wait early, one real-looking line per pattern, and lines that must not.
import { describe, expect, it } from 'vitest';
import { looksLikeServer, SERVER_PATTERNS } from '../../src/capture/server-detect.js';

const SERVERS = [
  '  ➜  Local:   http://localhost:5173/',
  'Server running at http://127.0.0.1:8080',
  'Listening on port 3000',
  'INFO:     Uvicorn running on http://0.0.0.0:8000 (Press CTRL+C to quit)',
  '  VITE v8.3.8  ready in 240 ms',
  '[12:00:00] Found 0 errors. Watching for file changes.',
  'webpack 5.90.0 compiled successfully in 812 ms',
  '[watch] build finished, watching for changes...',
  '- ready started server on 0.0.0.0:3000, url: http://localhost:3000',
  'Compiled successfully!',
  '[nodemon] waiting for changes before restart',
  'The development server is running; open the preview',
];
const NOT_SERVERS = [
  'npm test',
  'PASS src/a.test.ts',
  'error TS2322: Type string is not assignable',
  'Downloading https://registry.npmjs.org/x',
];

describe('server detection', () => {
  it.each(SERVERS)('recognises %j', (line) => expect(looksLikeServer(line)).toBe(true));
  it.each(NOT_SERVERS)('ignores %j', (line) => expect(looksLikeServer(line)).toBe(false));
  it('every pattern is exercised by an example', () => {
    for (const pattern of SERVER_PATTERNS) expect(SERVERS.some((line) => pattern.test(line))).toBe(true);
  });
});
