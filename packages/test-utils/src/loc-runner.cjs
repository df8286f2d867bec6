// A long-lived process that runs the built `loc` again and again, for the tests that are not about the
// process (index.ts, `runLoc`): one Node start-up and one load of dist/program.cjs for many runs, where a
// spawned `loc` pays both on each. Each run gets what a spawned `loc` would have, and nothing of the run
// before: its argv (argv[1] is dist/bin.cjs), its whole environment (process.env emptied and refilled, so
// that what Node reads from the C environment — os.homedir(), os.tmpdir() — sees it too), its folder, a
// stdin of its own (the test's input, then its end), and stdout and stderr that are pipes (not terminals)
// whose bytes go to the test. It answers when the run is over as a process would be: main() has returned
// and nothing the run started still keeps the event loop alive (a spawned `loc` exits only then, so a file
// still being written is done). One run at a time; runLoc starts another runner for a run beside it.
//
// What bin.cjs does around main() is done here the same way: source maps with --verbose, and an error
// main() lets through printed as `✖ Unexpected error: …` with exit code 1. An uncaught exception or an
// unhandled rejection (which would end a spawned `loc` with exit code 1) ends the run so, with Node's
// report of it on stderr, and then this process: nothing of a broken run is carried into the next.
'use strict';
const { Readable } = require('node:stream');
const { inspect } = require('node:util');

const [bin] = process.argv.slice(2);
const { main } = require(require('node:path').join(require('node:path').dirname(bin), 'program.cjs'));

/** The run under way: its output, and how to answer it. */
let current;

const originalWrite = { stdout: process.stdout.write, stderr: process.stderr.write };
for (const name of ['stdout', 'stderr']) {
  const stream = process[name];
  stream.write = function write(chunk, encoding, callback) {
    if (!current) return originalWrite[name].call(stream, chunk, encoding, callback);
    current[name].push(
      typeof chunk === 'string'
        ? Buffer.from(chunk, typeof encoding === 'string' ? encoding : 'utf8')
        : Buffer.from(chunk),
    );
    const done = typeof encoding === 'function' ? encoding : callback;
    if (typeof done === 'function') process.nextTick(done);
    return true;
  };
}

/** The resources that keep the event loop alive (process.getActiveResourcesInfo), counted by kind. */
function resources() {
  const counts = new Map();
  for (const kind of process.getActiveResourcesInfo()) counts.set(kind, (counts.get(kind) ?? 0) + 1);
  return counts;
}

/** Resolves once no more resources keep the loop alive than before the run: when a spawned `loc` would exit. */
function drained(before) {
  return new Promise((resolve) => {
    const check = () => {
      for (const [kind, count] of resources()) {
        if (count > (before.get(kind) ?? 0)) {
          // Unreferenced, so that this timer is not itself a resource that keeps the loop alive.
          setTimeout(check, 2).unref();
          return;
        }
      }
      resolve();
    };
    setImmediate(check);
  });
}

function finish(code) {
  const run = current;
  current = undefined;
  process.send({
    id: run.id,
    code,
    stdout: Buffer.concat(run.stdout).toString('utf8'),
    stderr: Buffer.concat(run.stderr).toString('utf8'),
  });
}

function crash(error) {
  if (!current) throw error;
  // What Node prints for an uncaught error before it exits with code 1.
  current.stderr.push(Buffer.from(`${inspect(error)}\n\nNode.js ${process.version}\n`));
  finish(1);
  process.disconnect();
  process.exit(1);
}
process.on('uncaughtException', crash);
process.on('unhandledRejection', crash);

process.on('message', async ({ id, args, env, cwd, input }) => {
  for (const key of Object.keys(process.env)) delete process.env[key];
  Object.assign(process.env, env);
  process.chdir(cwd);
  const stdin = Readable.from(input ? [Buffer.from(input)] : []);
  Object.defineProperty(process, 'stdin', { configurable: true, enumerable: true, get: () => stdin });
  process.setSourceMapsEnabled(args.includes('--verbose') || args.includes('-v'));
  const before = resources();
  current = { id, stdout: [], stderr: [] };
  let code;
  try {
    code = await main([process.execPath, bin, ...args]);
  } catch (error) {
    process.stderr.write(`✖ Unexpected error: ${error instanceof Error ? error.message : String(error)}\n`);
    code = 1;
  }
  await drained(before);
  finish(code);
});
// The test's process is gone: so is the reason to run.
process.on('disconnect', () => process.exit(0));
process.send({ ready: true });
