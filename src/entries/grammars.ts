// `faultline/grammars`: the format catalog and the streaming scanner (synchronous; loads Chevrotain).
export * from '../grammars/index.js';
