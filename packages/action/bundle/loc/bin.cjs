#!/usr/bin/env node
"use strict";
var __create = Object.create;
var __defProp = Object.defineProperty;
var __getOwnPropDesc = Object.getOwnPropertyDescriptor;
var __getOwnPropNames = Object.getOwnPropertyNames;
var __getProtoOf = Object.getPrototypeOf;
var __hasOwnProp = Object.prototype.hasOwnProperty;
var __esm = (fn, res) => function __init() {
  return fn && (res = (0, fn[__getOwnPropNames(fn)[0]])(fn = 0)), res;
};
var __export = (target, all) => {
  for (var name in all)
    __defProp(target, name, { get: all[name], enumerable: true });
};
var __copyProps = (to, from, except, desc) => {
  if (from && typeof from === "object" || typeof from === "function") {
    for (let key of __getOwnPropNames(from))
      if (!__hasOwnProp.call(to, key) && key !== except)
        __defProp(to, key, { get: () => from[key], enumerable: !(desc = __getOwnPropDesc(from, key)) || desc.enumerable });
  }
  return to;
};
var __toESM = (mod, isNodeMode, target) => (target = mod != null ? __create(__getProtoOf(mod)) : {}, __copyProps(
  // If the importer is in node compatibility mode or this is not an ESM
  // file that has been converted to a CommonJS file using a Babel-
  // compatible transform (i.e. "__esModule" has not been set), then set
  // "default" to the CommonJS "module.exports" for node compatibility.
  isNodeMode || !mod || !mod.__esModule ? __defProp(target, "default", { value: mod, enumerable: true }) : target,
  mod
));

// src/startup/compile-cache.ts
var compile_cache_exports = {};
__export(compile_cache_exports, {
  defaultCacheDir: () => defaultCacheDir,
  requireWithCodeCache: () => requireWithCodeCache
});
function requireWithCodeCache(file, options) {
  const run = { command: void 0, scripts: /* @__PURE__ */ new Map() };
  const main = loadScript(file, options, run);
  return {
    exports: main.exports,
    accepted: main.accepted,
    ran: (command) => {
      run.command = command;
    },
    save: () => {
      for (const script of run.scripts.values()) script.save(run.command);
    }
  };
}
function loadScript(file, options, run) {
  const source = (0, import_node_fs.readFileSync)(file, "utf8");
  const { size, mtimeMs } = (0, import_node_fs.statSync)(file);
  const identity = `${file}
${size}
${mtimeMs}
${options.tag}`;
  const name = (0, import_node_path.basename)(file).replace(/\.[^.]*$/, "");
  const cacheFile = options.dir && (0, import_node_path.join)(options.dir, `${name}-${process.version}-${process.arch}-${hash(identity)}.v8`);
  const cached = cacheFile ? readCache(cacheFile, identity) : void 0;
  const script = new import_node_vm.Script(import_node_module.default.wrap(source), {
    filename: file,
    ...cached ? { cachedData: cached.data } : {}
  });
  const accepted = cached !== void 0 && !script.cachedDataRejected;
  const covered = new Set(accepted ? cached.commands : []);
  const mod = new import_node_module.default(file);
  mod.filename = file;
  mod.paths = import_node_module.default._nodeModulePaths((0, import_node_path.dirname)(file));
  const loaded = {
    exports: mod.exports,
    accepted,
    save: (command) => {
      if (!cacheFile) return;
      if (accepted && (command === void 0 || covered.has(command) || covered.size >= MAX_COMMANDS)) return;
      if (command !== void 0) covered.add(command);
      writeCache(cacheFile, identity, [...covered], () => script.createCachedData());
    }
  };
  run.scripts.set(file, loaded);
  const nodeRequire = import_node_module.default.createRequire(file);
  const scriptRequire = Object.assign((id) => {
    if (!/^\.\/[^/\\]+\.cjs$/.test(id)) return nodeRequire(id);
    const sibling = (0, import_node_path.join)((0, import_node_path.dirname)(file), id);
    return (run.scripts.get(sibling) ?? loadScript(sibling, options, run)).exports;
  }, nodeRequire);
  const wrapper = script.runInThisContext({ displayErrors: true });
  wrapper.call(mod.exports, mod.exports, scriptRequire, mod, file, (0, import_node_path.dirname)(file));
  mod.loaded = true;
  loaded.exports = mod.exports;
  return loaded;
}
function defaultCacheDir(env = process.env, platform = process.platform) {
  if (env.NODE_DISABLE_COMPILE_CACHE) return void 0;
  if (platform === "darwin") return (0, import_node_path.join)((0, import_node_os.homedir)(), "Library", "Caches", "loc");
  if (platform === "win32") return (0, import_node_path.join)(env.LOCALAPPDATA || (0, import_node_path.join)((0, import_node_os.homedir)(), "AppData", "Local"), "loc", "Cache");
  return (0, import_node_path.join)(env.XDG_CACHE_HOME || (0, import_node_path.join)((0, import_node_os.homedir)(), ".cache"), "loc");
}
function readCache(file, identity) {
  try {
    if (!ownFolder((0, import_node_path.dirname)(file))) return void 0;
    const bytes = (0, import_node_fs.readFileSync)(file);
    const end = bytes.indexOf(10);
    if (end < 0) return void 0;
    const header = JSON.parse(bytes.subarray(0, end).toString("utf8"));
    const data = bytes.subarray(end + 1);
    if (header.identity !== identity || header.length !== data.length || header.crc !== (0, import_node_zlib.crc32)(data)) return void 0;
    return { data, commands: Array.isArray(header.commands) ? header.commands.map(String) : [] };
  } catch {
    return void 0;
  }
}
function writeCache(file, identity, commands, serialize) {
  const temporary = `${file}.${process.pid}.tmp`;
  let fd;
  try {
    (0, import_node_fs.mkdirSync)((0, import_node_path.dirname)(file), { recursive: true, mode: 448 });
    if (!ownFolder((0, import_node_path.dirname)(file))) return;
    fd = (0, import_node_fs.openSync)(temporary, "w", 384);
    const data = serialize();
    const header = { identity, commands, length: data.length, crc: (0, import_node_zlib.crc32)(data) };
    (0, import_node_fs.writeSync)(fd, `${JSON.stringify(header)}
`);
    (0, import_node_fs.writeSync)(fd, data);
    (0, import_node_fs.closeSync)(fd);
    fd = void 0;
    (0, import_node_fs.renameSync)(temporary, file);
    removeStale(file);
  } catch {
    try {
      if (fd !== void 0) (0, import_node_fs.closeSync)(fd);
      (0, import_node_fs.rmSync)(temporary, { force: true });
    } catch {
    }
  }
}
function ownFolder(dir) {
  if (typeof process.getuid !== "function") return true;
  const stats = (0, import_node_fs.statSync)(dir);
  return stats.isDirectory() && stats.uid === process.getuid() && (stats.mode & 18) === 0;
}
function removeStale(file) {
  const dir = (0, import_node_path.dirname)(file);
  const script = (0, import_node_path.basename)(file).replace(CACHE_NAME_TAIL, "");
  for (const name of (0, import_node_fs.readdirSync)(dir)) {
    if (name === (0, import_node_path.basename)(file) || !CACHE_NAME_TAIL.test(name) || name.replace(CACHE_NAME_TAIL, "") !== script)
      continue;
    const path = (0, import_node_path.join)(dir, name);
    if (Date.now() - (0, import_node_fs.statSync)(path).mtimeMs > STALE_MS) (0, import_node_fs.rmSync)(path, { force: true });
  }
}
function hash(text) {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619) >>> 0;
  return h.toString(16).padStart(8, "0");
}
var import_node_fs, import_node_module, import_node_os, import_node_path, import_node_vm, import_node_zlib, MAX_COMMANDS, STALE_MS, CACHE_NAME_TAIL;
var init_compile_cache = __esm({
  "src/startup/compile-cache.ts"() {
    "use strict";
    import_node_fs = require("node:fs");
    import_node_module = __toESM(require("node:module"), 1);
    import_node_os = require("node:os");
    import_node_path = require("node:path");
    import_node_vm = require("node:vm");
    import_node_zlib = require("node:zlib");
    MAX_COMMANDS = 64;
    STALE_MS = 30 * 24 * 60 * 60 * 1e3;
    CACHE_NAME_TAIL = /-v\d+\.\d+\.\d+-[^-]+-[0-9a-f]{8}\.v8$/;
  }
});

// src/bin.ts
var import_node_fs2 = require("node:fs");
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
  OUT_OF_DATE: [12, "loc export --check: the files differ from what the export would write"],
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
  void import("node:tty").then(({ isatty }) => detachHungUpTerminals(isatty));
  loadProgram().then((program) => program.exports.main(process.argv, { onCommand: program.ran })).then(
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
function detachHungUpTerminals(isatty) {
  if (process.platform === "win32") return;
  const terminals = [0, 1, 2].filter((fd) => isatty(fd));
  if (terminals.length === 0) return;
  process.once("exit", () => {
    for (const fd of terminals) {
      if (isatty(fd)) continue;
      try {
        (0, import_node_fs2.closeSync)(fd);
        const reopened = (0, import_node_fs2.openSync)("/dev/null", fd === 0 ? "r" : "w");
        if (reopened !== fd) (0, import_node_fs2.closeSync)(reopened);
      } catch {
      }
    }
  });
}
async function loadProgram() {
  const file = (0, import_node_path2.join)(__dirname, "program.cjs");
  if (args.includes("--verbose") || args.includes("-v")) {
    process.setSourceMapsEnabled(true);
    return { exports: require(file), accepted: false, ran: () => {
    }, save: () => {
    } };
  }
  const { defaultCacheDir: defaultCacheDir2, requireWithCodeCache: requireWithCodeCache2 } = await Promise.resolve().then(() => (init_compile_cache(), compile_cache_exports));
  const program = requireWithCodeCache2(file, { dir: defaultCacheDir2(), tag: VERSION });
  process.once("exit", program.save);
  return program;
}
//# sourceMappingURL=bin.cjs.map