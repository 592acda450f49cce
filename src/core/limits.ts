// How many locations one log's scan keeps by default. Each kept location holds its message and resolution, so
// this bounds memory on a log of any size; the ones past it are counted (`overflow`), and a caller may raise it
// (`maxLocations`, `--max-locations N`).
export const DEFAULT_MAX_LOCATIONS = 50_000;
