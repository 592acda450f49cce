// Public surface of the resolver: printed locations → workspace files, filtered and ranked.
export { resolveLocations, type ResolveOptions } from './resolve-locations.js';
export { createNodeResolverFs, type ResolverFs, type ResolverFileKind } from './resolver-fs.js';
export { isVendoredPath } from './vendored.js';
export { findOnPath, pathOutsideWorkspace, workspaceSafeTool, type ToolPathOptions } from './tool-path.js';
export { userDir, workspaceHolding, type WorkspaceHoldingOptions } from './user-dirs.js';
export { printingsOf } from './repeats.js';
export { createWorkspaceFileTest, type WorkspaceFileTest } from './workspace-names.js';
