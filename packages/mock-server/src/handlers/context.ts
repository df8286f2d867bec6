import type { Signer } from './signing';
import type { Store } from '../store';

/** What every handler factory needs: the state, the URL signer, and where the routes live. */
export interface HandlerContext {
  store: Store;
  signer: Signer;
  /** Origin the routes bind to (`*` for any). */
  prefix: string;
  maxBodyBytes: number;
  /** The limit of an upload's body (a resource file, a ZIP of them): larger ones get 413. */
  maxUploadBytes: number;
}
