/**
 * The client's events: a new release is current (`onUpdate`), something failed (`onError`). Nothing the
 * client does throws into the app; what fails is said here, once, as an SDK error.
 */
import { LocError } from '../base/errors';
import type { OtaFailure, OtaRelease, OtaStage } from './client';

/** The listeners of a client, and the two ways its parts tell them something. */
export interface Events {
  onUpdate(listener: (release: OtaRelease) => void): () => void;
  onError(listener: (failure: OtaFailure) => void): () => void;
  /** Tells the update listeners. */
  update(release: OtaRelease): void;
  /** Tells the error listeners; gives `failure` back, for the check's result. */
  report(failure: OtaFailure): OtaFailure;
}

/**
 * A new set of listeners.
 *
 * @example
 * const events = createEvents();
 * events.report(failure('load', error));
 */
export function createEvents(): Events {
  const updateListeners = new Set<(release: OtaRelease) => void>();
  const errorListeners = new Set<(failure: OtaFailure) => void>();
  const emit = <T>(listeners: Set<(value: T) => void>, value: T) => {
    for (const listener of listeners) {
      try {
        listener(value);
      } catch {
        // A listener's bug is the app's to find; it must not stop the others or the client.
      }
    }
  };
  return {
    onUpdate(listener) {
      updateListeners.add(listener);
      return () => updateListeners.delete(listener);
    },
    onError(listener) {
      errorListeners.add(listener);
      return () => errorListeners.delete(listener);
    },
    update: (release) => emit(updateListeners, release),
    report(f) {
      emit(errorListeners, f);
      return f;
    },
  };
}

/**
 * A failure of `stage`: SDK errors as they are; others (a bad ZIP, a full storage) as a LocError that
 * names the stage.
 *
 * @example failure('store', new DOMException('', 'QuotaExceededError')) // error: 'store: QuotaExceededError'
 */
export function failure(stage: OtaStage, error: unknown): OtaFailure {
  if (error instanceof LocError) return { stage, error };
  // A DOMException without a message is named for its meaning (IndexedDB's QuotaExceededError).
  const { name, message } = (error ?? {}) as Partial<Error>;
  return { stage, error: new LocError(`${stage}: ${message || name}`) };
}
