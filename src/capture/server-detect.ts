// Output that says "I am a server / watcher and will not exit by myself". When the output shows one of
// these and then stays unchanged for 2 s, start() stops waiting early (Kodik, seed 002 "Фоновые процессы").
// Documented in docs/agent-shell.md (background commands); add a pattern here with an example line in the test.

export const SERVER_PATTERNS: readonly RegExp[] = [
  /\bLocal:\s+https?:\/\//i, // vite, astro, nuxt: "➜  Local:   http://localhost:5173/"
  /\bhttps?:\/\/(?:localhost|127\.0\.0\.1|0\.0\.0\.0|\[::1?\])(?::\d+)?\b/i, // any loopback URL printed
  /\blistening (?:on|at)\b/i, // express, http-server, uvicorn: "Listening on port 3000"
  /\bserver (?:is )?(?:running|started|listening|ready)\b/i,
  /\bready in \d+(?:\.\d+)? ?m?s\b/i, // vite "ready in 240 ms"
  /\bwatching for (?:file )?changes\b/i, // tsc --watch, nodemon, jest --watch
  /\bwaiting for (?:file )?changes\b/i,
  /\bwebpack(?: \d[\d.]*)? compiled\b/i, // webpack "webpack 5.90.0 compiled successfully"
  /\bcompiled successfully\b/i,
  /\[watch\] build finished\b/i, // esbuild --watch
  /\bwatching (?:for|\.\.\.|files)\b/i,
  /\bpress ctrl\+c to (?:quit|stop|exit)\b/i,
  /\bstarted server on\b/i, // next dev
  /\bdevelopment server (?:is )?running\b/i,
];

/** True when the text (recent output, already normalised) shows a running server or watch mode. */
export function looksLikeServer(text: string): boolean {
  return text.split('\n').some((line) => SERVER_PATTERNS.some((pattern) => pattern.test(line)));
}
