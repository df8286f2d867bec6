import { jsonPath } from '@loc/sdk/internal';
import type { z } from 'zod';

/** One bad field of a control's input: its JSON path (`$.faults[0].kind`, or a flag's name) and what is wrong. */
export interface BadInput {
  field: string;
  message: string;
}

/**
 * Bad input to a control of the mock (the JS API, the HTTP control API, a flag): each bad field named.
 * The HTTP control API answers it as a 400 problem+json; the JS API throws it; nothing was changed.
 */
export class ControlError extends Error {
  constructor(
    readonly errors: readonly BadInput[],
    readonly status: 400 | 404 = 400,
  ) {
    super(errors.map((e) => `${e.field}: ${e.message}`).join('; '));
    this.name = 'ControlError';
  }

  /** The issues of a failed zod parse, each by the JSON path of its field (`$` for the input as a whole). */
  static fromZod(error: z.ZodError): ControlError {
    // An unknown field is named by its own path (`$.statuss`), not its object's.
    const bad = error.issues.flatMap((i) =>
      i.code === 'unrecognized_keys'
        ? i.keys.map((key) => ({ field: jsonPath([...i.path, key]), message: 'unknown field' }))
        : [{ field: jsonPath(i.path), message: i.message }],
    );
    return new ControlError(bad.slice(0, 20));
  }
}
