/**
 * A stream that keeps what is written to it, for output read back instead of shown: a target's result
 * document (export/targets.ts), a run of `loc` inside another program (program.ts, `runInProcess`). Not a
 * terminal, so no colours, spinners or prompts. Output writes strings with `write()` only, and the text is
 * kept at once (no Writable buffering to wait for).
 */
export function capturedStream(): { stream: NodeJS.WriteStream; text: () => string } {
  const chunks: string[] = [];
  const stream = {
    isTTY: false,
    write(chunk: string | Uint8Array, ...rest: unknown[]) {
      chunks.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));
      const done = rest.find((r) => typeof r === 'function') as (() => void) | undefined;
      if (done) queueMicrotask(done);
      return true;
    },
    on() {
      return stream;
    },
    once() {
      return stream;
    },
  };
  return { stream: stream as unknown as NodeJS.WriteStream, text: () => chunks.join('') };
}
