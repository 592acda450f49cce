// Types of cli-v8-flags.mjs for the tests that read it (test/integration/code-cache.test.ts).
export declare const CLI_V8_FLAGS: readonly string[];
