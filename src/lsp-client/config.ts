// The user's server table: `faultline.config.json` at the root, else the `faultline` key of
// package.json. Shape: { "servers": { "<languageId>": { command, extensions?, initializationOptions? } } }.
// Only `servers` is ours; other top-level keys belong to other parts of faultline and are left alone.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { FaultlineError } from '../core/index.js';
import type { LanguageEntry } from './types.js';

export interface ServerOverride {
  languageId: string;
  command: string[];
  /** Absent: keep the built-in extensions of that languageId. */
  extensions?: string[];
  initializationOptions?: Record<string, unknown>;
}

const ENTRY_KEYS = new Set(['command', 'extensions', 'initializationOptions']);

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function fail(where: string, message: string): never {
  throw new FaultlineError('E_CONFIG', `${where}: ${message}`);
}

/** Validates the `servers` object; `where` names the file (and key) in messages. */
export function parseServerConfig(value: unknown, where: string, root: string): ServerOverride[] {
  if (value === undefined) return [];
  if (!isPlainObject(value)) fail(where, '"servers" must be an object mapping a languageId to { "command": [...] }');
  const overrides: ServerOverride[] = [];
  for (const [languageId, entry] of Object.entries(value)) {
    const at = `${where}: servers.${languageId}`;
    if (!/^[A-Za-z0-9_.+-]+$/.test(languageId)) fail(at, 'a languageId is letters, digits, "_", ".", "+" or "-"');
    if (!isPlainObject(entry)) fail(at, 'must be an object with a "command" array');
    for (const key of Object.keys(entry)) {
      if (!ENTRY_KEYS.has(key)) fail(at, `unknown key "${key}" (allowed: ${[...ENTRY_KEYS].join(', ')})`);
    }
    const { command, extensions, initializationOptions } = entry;
    if (!Array.isArray(command) || command.length === 0 || !command.every((part) => typeof part === 'string' && part !== '')) {
      fail(at, '"command" must be a non-empty array of non-empty strings, e.g. ["my-ls", "--stdio"]');
    }
    const [program, ...args] = command as string[];
    // "./bin/ls" is relative to the root the config lives in; a bare name is looked up on PATH.
    const resolved = program!.includes('/') || program!.includes('\\') ? path.resolve(root, program!) : program!;
    const override: ServerOverride = { languageId, command: [resolved, ...args] };
    if (extensions !== undefined) {
      if (!Array.isArray(extensions) || !extensions.every((ext) => typeof ext === 'string' && /^\.[^./\\\s]+$/.test(ext))) {
        fail(at, '"extensions" must be an array like [".x", ".y"] (leading dot, no slashes)');
      }
      override.extensions = (extensions as string[]).map((ext) => ext.toLowerCase());
    }
    if (initializationOptions !== undefined) {
      if (!isPlainObject(initializationOptions)) fail(at, '"initializationOptions" must be an object');
      override.initializationOptions = initializationOptions;
    }
    overrides.push(override);
  }
  return overrides;
}

function readJson(file: string): unknown {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new FaultlineError('E_CONFIG', `${file}: not valid JSON (${message})`, { cause: error });
  }
}

/** Reads the server overrides of `root`; none when neither file configures servers. */
export function loadServerConfig(root: string): ServerOverride[] {
  const configFile = path.join(root, 'faultline.config.json');
  if (existsSync(configFile)) {
    const config = readJson(configFile);
    if (!isPlainObject(config)) fail(configFile, 'must contain a JSON object');
    return parseServerConfig(config.servers, configFile, root);
  }
  const packageFile = path.join(root, 'package.json');
  if (existsSync(packageFile)) {
    const manifest = readJson(packageFile);
    if (!isPlainObject(manifest) || manifest.faultline === undefined) return [];
    if (!isPlainObject(manifest.faultline)) fail(`${packageFile}: "faultline"`, 'must be an object');
    return parseServerConfig(manifest.faultline.servers, `${packageFile}: faultline`, root);
  }
  return [];
}

/**
 * The file that names server commands for `root` (faultline.config.json, else package.json with a
 * "faultline" key), or undefined. Never throws: it only decides whether an untrusted workspace gets a notice.
 */
export function serverConfigFile(root: string): string | undefined {
  const configFile = path.join(root, 'faultline.config.json');
  if (existsSync(configFile)) return configFile;
  const packageFile = path.join(root, 'package.json');
  try {
    const manifest: unknown = JSON.parse(readFileSync(packageFile, 'utf8'));
    return isPlainObject(manifest) && isPlainObject(manifest.faultline) && manifest.faultline.servers !== undefined
      ? packageFile
      : undefined;
  } catch {
    return undefined;
  }
}

/** Applies overrides: same languageId replaces the built-in server; a new one needs extensions. */
export function applyServerConfig(
  builtins: readonly LanguageEntry[],
  overrides: readonly ServerOverride[],
  where = 'config',
): LanguageEntry[] {
  const result = builtins.map((entry) => ({ ...entry }));
  const added: LanguageEntry[] = [];
  for (const override of overrides) {
    const name = path.basename(override.command[0]!).replace(/\.[cm]?js$/, '');
    const server = {
      name,
      command: override.command,
      ...(override.initializationOptions ? { initializationOptions: override.initializationOptions } : {}),
    };
    const index = result.findIndex((entry) => entry.languageId === override.languageId);
    if (index >= 0) {
      const [existing] = result.splice(index, 1);
      added.push({ languageId: override.languageId, extensions: override.extensions ?? existing!.extensions, server });
    } else {
      if (override.extensions === undefined || override.extensions.length === 0) {
        fail(
          `${where}: servers.${override.languageId}`,
          `faultline has no built-in extensions for "${override.languageId}"; add "extensions": [".x"]`,
        );
      }
      added.push({ languageId: override.languageId, extensions: override.extensions, server });
    }
  }
  // User entries first, so a user's ".h" wins over the built-in C table.
  return [...added, ...result];
}
