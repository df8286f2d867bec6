#!/usr/bin/env node
"use strict";
var __defProp = Object.defineProperty;
var __getOwnPropNames = Object.getOwnPropertyNames;
var __esm = (fn, res, err) => function __init() {
  if (err) throw err[0];
  try {
    return fn && (res = (0, fn[__getOwnPropNames(fn)[0]])(fn = 0)), res;
  } catch (e) {
    throw err = [e], e;
  }
};
var __export = (target, all) => {
  for (var name in all)
    __defProp(target, name, { get: all[name], enumerable: true });
};

// src/startup/compile-cache.ts
var compile_cache_exports = {};
__export(compile_cache_exports, {
  defaultCacheDir: () => defaultCacheDir,
  enableLocCompileCache: () => enableLocCompileCache
});
function enableLocCompileCache(env = process.env, enable = import_node_module.enableCompileCache) {
  const dir = defaultCacheDir(env);
  if (!dir) return void 0;
  try {
    (0, import_node_fs.mkdirSync)(dir, { recursive: true, mode: 448 });
    if (!ownFolder(dir)) return void 0;
    return enable(dir).directory;
  } catch {
    return void 0;
  }
}
function defaultCacheDir(env = process.env, platform = process.platform) {
  if (env.NODE_DISABLE_COMPILE_CACHE) return void 0;
  if (platform === "darwin") return (0, import_node_path.join)((0, import_node_os.homedir)(), "Library", "Caches", "loc");
  if (platform === "win32") return (0, import_node_path.join)(env.LOCALAPPDATA || (0, import_node_path.join)((0, import_node_os.homedir)(), "AppData", "Local"), "loc", "Cache");
  return (0, import_node_path.join)(env.XDG_CACHE_HOME || (0, import_node_path.join)((0, import_node_os.homedir)(), ".cache"), "loc");
}
function ownFolder(dir) {
  if (typeof process.getuid !== "function") return true;
  const stats = (0, import_node_fs.statSync)(dir);
  return stats.isDirectory() && stats.uid === process.getuid() && (stats.mode & 18) === 0;
}
var import_node_fs, import_node_module, import_node_os, import_node_path;
var init_compile_cache = __esm({
  "src/startup/compile-cache.ts"() {
    "use strict";
    import_node_fs = require("node:fs");
    import_node_module = require("node:module");
    import_node_os = require("node:os");
    import_node_path = require("node:path");
  }
});

// src/bin.ts
var import_node_path2 = require("node:path");

// src/run/exit-codes.ts
var EXIT_CODES = {
  OK: [0, "success"],
  FAILURE: [1, "unexpected error: a bug (please report it with --verbose)"],
  USAGE: [2, "usage: unknown command or flag, bad value, flag missing in CI, bad template"],
  AUTH: [3, "authentication: no token or CDN key, or refused (401)"],
  PERMISSION: [4, "permission denied (403)"],
  NOT_FOUND: [5, "not found (404): workspace, project, export, file path, distribution"],
  VALIDATION: [6, "validation: the service refused the values (400, 422)"],
  RATE_LIMITED: [7, "rate or usage limit (429)"],
  TIMEOUT: [8, "timeout: the service or an export took too long"],
  SERVER: [9, "server failure (5xx after retries), network failure, unexpected response"],
  OPERATION_FAILED: [10, "operation failed: export ERROR or SKIPPED, download, unsafe ZIP, local file"],
  GATE_FAILED: [11, "loc status: a locale below its --min-approved or --min-translated share"],
  OUT_OF_DATE: [12, "loc export --check, loc push --check: the files and the service differ; a run would change them"],
  NO_RELEASE: [20, "loc cdn check: no newer release"],
  INTERRUPTED: [130, "interrupted (Ctrl-C, SIGTERM, SIGHUP) or a prompt cancelled"]
};
var EXIT = Object.fromEntries(Object.entries(EXIT_CODES).map(([name, [code]]) => [name, code]));

// package.json
var version = "0.0.0";

// src/startup/version.ts
var VERSION = version;

// src/bin.ts
var stdoutFailed = false;
var stdoutClosed = false;
var finalCode = (code) => stdoutFailed && code === 0 ? EXIT.OPERATION_FAILED : code;
var readerGone = (error, stream) => error.code === "EPIPE" || stream.isTTY === true && (error.code === "EIO" || error.code === "ENXIO");
process.stderr.on("error", () => {
});
process.stdout.on("error", (error) => {
  if (stdoutFailed || stdoutClosed) return;
  if (readerGone(error, process.stdout)) {
    stdoutClosed = true;
    return;
  }
  stdoutFailed = true;
  process.exitCode = finalCode(Number(process.exitCode ?? 0));
  process.stderr.write(`\u2716 Could not write the result to stdout (${error.message.split(",")[0]}).
`);
});
var args = process.argv.slice(2);
if (args.length === 1 && (args[0] === "--version" || args[0] === "-V")) {
  process.stdout.write(`${VERSION}
`);
} else {
  loadProgram().then((main) => main(process.argv)).then(
    (code) => {
      process.exitCode = finalCode(code);
    },
    (error) => {
      process.stderr.write(`\u2716 Unexpected error: ${error instanceof Error ? error.message : String(error)}
`);
      process.exitCode = 1;
    }
  );
}
async function loadProgram() {
  if (args.includes("--verbose") || args.includes("-v")) process.setSourceMapsEnabled(true);
  (await Promise.resolve().then(() => (init_compile_cache(), compile_cache_exports))).enableLocCompileCache();
  return require((0, import_node_path2.join)(__dirname, "program.cjs")).main;
}
