// `faultline/fix`: collect the fixes tools printed (and a model's answer) and apply them with every check.
export * from '../fix/index.js';
