// Related spans printed before the diagnostic they belong to: a YAML parser's context mark above its problem
// mark, Ansible's outer messages above the innermost cause. They wait, and the next diagnostic the same format
// emits adopts them (gcc's include chains do the same with notes' owners of their own: catalog/gcc.ts).
import type { RawLocation } from '../../../core/index.js';
import type { Emitted, LineContext } from '../../engine/format.js';

interface Waiting {
  related: RawLocation[];
}

/** Emits a related span that waits for the diagnostic after it. */
export function emitBeforeItsDiagnostic(context: LineContext, location: Emitted): void {
  const raw = context.emit({ ...location, related: true });
  if (raw) context.state<Waiting>(() => ({ related: [] })).related.push(raw);
}

/** Emits a diagnostic and makes it the owner of every related span waiting for one. */
export function emitAdoptingWaiting(context: LineContext, location: Emitted): RawLocation | undefined {
  const waiting = context.state<Waiting>(() => ({ related: [] }));
  const raw = context.emit(location);
  if (raw) for (const span of waiting.related) span.relatedTo = raw;
  waiting.related = [];
  return raw;
}
