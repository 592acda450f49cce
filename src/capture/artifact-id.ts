// The shape of a run's artifact id (a UTC timestamp and 8 hex digits). Its own module, free of imports, so that a
// command that only asks "is this argument a run id?" (locate, explain, prompt) loads none of capture's code.
const ID_PATTERN = /^\d{8}T\d{9}Z-[0-9a-f]{8}$/;

export function isArtifactId(value: string): boolean {
  return ID_PATTERN.test(value);
}
