/** A failure of a store operation; the HTTP layer maps `kind` to a status. */
export class StoreError extends Error {
  constructor(
    readonly kind: 'not-found' | 'forbidden' | 'invalid' | 'unauthorized' | 'budget' | 'conflict',
    message: string,
    /** The input field at fault, for a control's input (`release.id`), when one is. */
    readonly field?: string,
  ) {
    super(message);
  }
}

/** The workspace's CDN budget is spent; `renewsAt` (clock time) when it has a period, else null. */
export class BudgetError extends StoreError {
  constructor(readonly renewsAt: number | null) {
    super('budget', 'Usage limit exceeded');
  }
}
