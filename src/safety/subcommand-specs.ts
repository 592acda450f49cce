// Package managers and container tools: only the subcommands that list or show, each with the options under
// which it does. Their configuration can still run programs (a wrapper, a toolchain, a credential plugin):
// tool-config.ts reads it before a command counts as read-only.
import type { ToolSpec } from './options.js';

const NPM_LIST: ToolSpec = {
  flags: 'aglp',
  long: 'all json long parseable global link package-lock-only unicode include-workspace-root production dev no-color',
  longValues: 'depth omit include workspace',
};
const NPM_VIEW: ToolSpec = { long: 'json no-color', longValues: 'workspace' };
const NPM_HELP: ToolSpec = {};
const PIP: ToolSpec = {
  flags: 'lfeovq',
  long:
    'local user outdated uptodate editable not-required exclude-editable include-editable files verbose quiet all no-color ' +
    'disable-pip-version-check',
  longValues: 'format path exclude',
};
const CARGO: ToolSpec = {
  flags: 'qveid',
  values: 'piF',
  long: 'all-features no-default-features workspace offline frozen locked quiet verbose no-deps invert no-dedupe duplicates all-targets',
  longValues:
    'manifest-path package features target depth edges prefix charset format color format-version filter-platform exclude prune ' +
    'lockfile-path',
  unsafe: {
    '--config': 'sets cargo configuration (a wrapper or linker runs)',
    '-Z': 'enables unstable cargo behaviour',
    '-C': 'runs cargo in another directory, with its configuration',
  },
};
const DOCKER: ToolSpec = {
  flags: 'aqnsftl',
  long: 'all quiet no-trunc size latest digests follow timestamps details no-stream',
  longValues: 'filter format tail since until last type',
};
const KUBECTL: ToolSpec = {
  flags: 'Aw',
  values: 'nlo',
  long: 'all-namespaces watch show-labels no-headers show-kind show-managed-fields previous timestamps',
  longValues: 'namespace output selector label-columns field-selector sort-by container tail since limit-bytes chunk-size',
  unsafe: {
    '--kubeconfig': 'reads a configuration that can run credential plugins',
    '--context': 'selects a configuration that can run credential plugins',
    '--exec': 'runs a program',
  },
};

const each = (spec: ToolSpec, ...names: string[]): Record<string, ToolSpec> => Object.fromEntries(names.map((name) => [name, spec]));

export const SUBCOMMAND_SPECS: Record<string, Record<string, ToolSpec>> = {
  npm: {
    ...each(NPM_LIST, 'ls', 'list', 'll', 'la', 'outdated', 'explain', 'why'),
    ...each(NPM_VIEW, 'view', 'info', 'show'),
    ...each({ flags: 'g', long: 'global' }, 'root', 'prefix', 'bin'),
    help: NPM_HELP,
  },
  pnpm: each(NPM_LIST, 'ls', 'list', 'outdated', 'why', 'root'),
  yarn: each({ long: 'json' }, 'list', 'info', 'why', 'outdated'),
  pip: each(PIP, 'list', 'show', 'freeze', 'check'),
  pip3: each(PIP, 'list', 'show', 'freeze', 'check'),
  go: { version: { flags: 'mv' }, doc: { long: 'all cmd short src u c' } },
  cargo: { version: { flags: 'v', long: 'verbose' }, tree: CARGO, metadata: CARGO },
  docker: each(DOCKER, 'ps', 'images', 'inspect', 'logs', 'version', 'info', 'top', 'port', 'stats'),
  kubectl: each(KUBECTL, 'get', 'describe', 'logs', 'version', 'explain', 'top', 'api-resources', 'cluster-info'),
};
