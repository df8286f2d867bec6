/** The one table of exit codes (docs/cli.md#exit-codes). Build scripts branch on these: never renumber. */
export const EXIT = {
  OK: 0,
  FAILURE: 1,
  USAGE: 2,
  AUTH: 3,
  PERMISSION: 4,
  NOT_FOUND: 5,
  VALIDATION: 6,
  RATE_LIMITED: 7,
  TIMEOUT: 8,
  SERVER: 9,
  OPERATION_FAILED: 10,
  GATE_FAILED: 11,
  NO_RELEASE: 20,
  INTERRUPTED: 130,
} as const;
