/**
 * node:http and node:https as the download path takes them: through `process.getBuiltinModule`, when a
 * download needs them, not by an ES import. An ES import of node:http builds its module namespace, which
 * reads every export and so loads what Node keeps behind them: on Node 26 a process that only imports
 * `@loc/sdk/node` peaked at 61 MiB of RSS, 12 MiB more than with the CommonJS object. That object is the
 * one test tools patch (msw, nock), and its global agents are the ones Node's proxy support configures.
 */
export const nodeHttp = () => process.getBuiltinModule('node:http');
export const nodeHttps = () => process.getBuiltinModule('node:https');
