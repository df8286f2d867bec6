// What runs inside the export build thread (export-thread.ts starts it; tsup builds it as
// dist/export-thread-worker.js): it keeps the files' texts it is sent and makes the ZIPs it is asked
// for, off the mock's event loop.
import { parentPort } from 'node:worker_threads';
import type { BuildMessage, BuildReply } from './export-thread';
import { type FileTexts, zipExport } from './export-zip';

const files = new Map<number, FileTexts>();
const port = parentPort!;

function fileTexts(id: number): FileTexts {
  const texts = files.get(id);
  if (!texts) throw new Error(`file ${id} was never sent to the build thread`);
  return texts;
}

function reply(message: BuildReply, transfer: ArrayBuffer[] = []) {
  port.postMessage(message, transfer);
}

port.on('message', (message: BuildMessage) => {
  if (message.type === 'files') for (const f of message.files) files.set(f.id, f.texts);
  else if (message.type === 'forget') for (const id of message.ids) files.delete(id);
  else {
    zipExport(message.build, fileTexts).then(
      (bytes) => {
        // Moved, not copied, to the main thread: a ZIP that owns its whole buffer (not a slice of a pool).
        const own = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : bytes.slice();
        reply({ id: message.id, bytes: own }, [own.buffer as ArrayBuffer]);
      },
      (error: unknown) =>
        reply({ id: message.id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) }),
    );
  }
});
