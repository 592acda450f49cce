// The language server (issue 25): diagnostics from the user's runs, fixes as code actions, hover.
export { serveLsp, type ServeOptions } from './server.js';
