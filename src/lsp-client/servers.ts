// Which language server serves which file. Built-ins first (reference/lsp.md §2.2), then the
// user's config (config.ts) adds or overrides entries by languageId.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { findOnPath } from '../resolve/tool-path.js';
import type { LanguageEntry, ServerSpec } from './types.js';

const require = createRequire(import.meta.url);

/** Absolute path of a package's bin script, or null when the package isn't installed. */
function packageBin(packageName: string, binName: string): string | null {
  try {
    const manifestPath = require.resolve(`${packageName}/package.json`);
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as { bin?: string | Record<string, string> };
    const bin = typeof manifest.bin === 'string' ? manifest.bin : manifest.bin?.[binName];
    return bin === undefined ? null : path.join(path.dirname(manifestPath), bin);
  } catch {
    return null;
  }
}

/** First executable called `name` on PATH, or null. An untrusted workspace's env has its own entries removed (pool.ts). */
function onPath(name: string, env: NodeJS.ProcessEnv = process.env): string | null {
  return findOnPath(name, env.PATH);
}

// Our package's bin when installed with faultline (dev installs), else the user's PATH.
function npmServer(packageName: string, binName: string, args: string[], env: NodeJS.ProcessEnv): string[] | null {
  const script = packageBin(packageName, binName);
  if (script !== null) return [script, ...args];
  const found = onPath(binName, env);
  return found === null ? null : [found, ...args];
}

/** tsserver.js of the typescript faultline itself resolves, used when the workspace has none. */
function ownTsserver(): string | null {
  try {
    const tsserver = path.join(path.dirname(require.resolve('typescript/package.json')), 'lib', 'tsserver.js');
    return existsSync(tsserver) ? tsserver : null;
  } catch {
    return null;
  }
}

function spec(name: string, command: string[] | null, initializationOptions?: Record<string, unknown>): ServerSpec | null {
  if (command === null) return null;
  return initializationOptions === undefined ? { name, command } : { name, command, initializationOptions };
}

/**
 * The built-in table; commands are resolved now, so a missing server shows as `server: null`.
 * `trusted: false` (an untrusted workspace): tls would load the workspace's own node_modules/typescript,
 * which is that workspace's code, so it is pinned to faultline's own tsserver.
 */
export function builtinLanguages(env: NodeJS.ProcessEnv = process.env, options: { trusted?: boolean } = {}): LanguageEntry[] {
  const ownPath = ownTsserver();
  // tls prefers the workspace's typescript by itself; fallbackPath makes ours the next choice
  // rather than whatever tls resolves (TS 7 has no tsserver.js and breaks tls: lsp.md §6.1).
  // In an untrusted folder ours is the only one (the workspace's own typescript could run its code).
  const ours = options.trusted === false ? { path: ownPath } : { fallbackPath: ownPath };
  const tsserver = ownPath === null ? {} : { tsserver: ours };
  const tls = spec('typescript-language-server', npmServer('typescript-language-server', 'typescript-language-server', ['--stdio'], env), {
    disableAutomaticTypingAcquisition: true,
    ...tsserver,
  });
  const pyright = spec('pyright', npmServer('pyright', 'pyright-langserver', ['--stdio'], env));
  const bash = spec('bash-language-server', npmServer('bash-language-server', 'bash-language-server', ['start'], env));
  const clangdPath = onPath('clangd', env);
  // --background-index=false: a compile_commands.json must not start whole-project indexing.
  const clangd = spec('clangd', clangdPath === null ? null : [clangdPath, '--log=error', '--background-index=false']);
  // gopls answers "no views in session" without `go` on PATH (lsp.md §2.4).
  const goplsPath = onPath('gopls', env);
  const gopls = spec('gopls', goplsPath !== null && onPath('go', env) !== null ? [goplsPath] : null);
  return [
    { languageId: 'typescript', extensions: ['.ts', '.mts', '.cts'], server: tls },
    { languageId: 'typescriptreact', extensions: ['.tsx'], server: tls },
    { languageId: 'javascript', extensions: ['.js', '.mjs', '.cjs'], server: tls },
    { languageId: 'javascriptreact', extensions: ['.jsx'], server: tls },
    { languageId: 'python', extensions: ['.py', '.pyi'], server: pyright },
    { languageId: 'c', extensions: ['.c', '.h'], server: clangd },
    { languageId: 'cpp', extensions: ['.cc', '.cpp', '.cxx', '.c++', '.hh', '.hpp', '.hxx', '.h++', '.ipp'], server: clangd },
    { languageId: 'shellscript', extensions: ['.sh', '.bash'], server: bash },
    { languageId: 'go', extensions: ['.go'], server: gopls },
  ];
}

/** The entry serving `file`, by extension (case-insensitive); earlier entries win. */
export function languageFor(entries: readonly LanguageEntry[], file: string): LanguageEntry | null {
  const extension = path.extname(file).toLowerCase();
  if (extension === '') return null;
  return entries.find((entry) => entry.extensions.includes(extension)) ?? null;
}

/** Identity of a server process: same command and options → one shared process per root. */
export function serverKey(root: string, server: ServerSpec): string {
  return JSON.stringify([root, server.command, server.initializationOptions ?? null]);
}
