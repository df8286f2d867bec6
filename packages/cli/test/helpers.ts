import { afterAll, beforeAll } from 'vitest';
import { runLoc, startMock, tempDir, TOKENS, type RunOptions, type RunningMock } from '@loc/test-utils';

/**
 * A real `loc-mock` for the file's tests and a `loc` bound to it: credentials through the environment,
 * a private config folder (never the user's real one), CI mode (no TTY). `{ spawn: true }` runs every
 * `loc` of the file as a process of its own (`runLoc`'s `spawn`), for a file about the process.
 */
export function useMock(args: string[] = ['--export-delay', '100ms'], { spawn = false } = {}) {
  const state = { mock: undefined as unknown as RunningMock, home: tempDir('loc-home-') };
  beforeAll(async () => {
    state.mock = await startMock(args);
  });
  afterAll(async () => {
    await state.mock?.stop();
    state.home.remove();
  });
  return {
    get url() {
      return state.mock.url;
    },
    get mock() {
      return state.mock;
    },
    home: state.home.path,
    /** `loc` as the demo developer, unless `env` says otherwise. */
    loc(args: string[], options: RunOptions = {}) {
      return runLoc(args, {
        ...(spawn ? { spawn } : {}),
        ...options,
        env: {
          LOC_BASE_URL: state.mock.url,
          LOC_API_TOKEN: TOKENS.developer,
          LOC_CONFIG_DIR: state.home.path,
          CI: '1',
          ...options.env,
        },
      });
    },
  };
}
