// `faultline/redact`: secret redaction (faultline's rules plus secretlint's recommended preset).
export * from '../redact/index.js';
