// `faultline/prompt`: bounded, redacted, fence-safe prompts.
export * from '../prompt/index.js';
