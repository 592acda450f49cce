// `faultline/redact`: secret redaction (faultline's rules plus secretlint's recommended preset).
import { secretRules, type SecretRule } from '../redact/index.js';

export * from '../redact/index.js';

/** faultline's own rules (the redactor builds them on first use; importing this entry builds them now). */
export const SECRET_RULES: readonly SecretRule[] = secretRules();
