// The resolver, loaded by the main entry on the first call of resolveLocations (not a package entry point).
export { resolveLocations } from '../resolve/index.js';
