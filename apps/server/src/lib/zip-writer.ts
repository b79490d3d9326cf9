import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { finished } from 'node:stream/promises';

/** Adds entries to a zip one after another; each resolves once the file has taken its bytes. */
export type ZipWriter = {
  /** A text entry (JSON), deflated as its parts arrive: it never has to be whole in memory. */
  text: (name: string, parts: AsyncIterable<string> | Iterable<string>) => Promise<void>;
  /** Bytes stored as they are: images are compressed already. */
  stored: (name: string, data: Uint8Array) => Promise<void>;
};

/**
 * Writes a zip into `file` (replaced if it exists) while `fill` adds its entries, waiting for the
 * disk whenever the file's buffer is full, so what is in memory at once is one part of one
 * entry. Answers the zip's size. A failure leaves a partial file for the caller to remove or
 * write again.
 */
export async function writeZip(file: string, fill: (zip: ZipWriter) => Promise<void>) {
  const out = createWriteStream(file);
  let failure: unknown;
  out.on('error', (error) => (failure ??= error));
  const zip = new Zip((error, chunk, final) => {
    if (error) failure ??= error;
    else out.write(chunk);
    if (final || error) out.end();
  });
  const taken = async () => {
    if (failure) throw failure;
    if (out.writableNeedDrain) await once(out, 'drain');
  };

  const writer: ZipWriter = {
    async text(name, parts) {
      const entry = new ZipDeflate(name, { level: 6 });
      zip.add(entry);
      const encoder = new TextEncoder();
      for await (const part of parts) {
        entry.push(encoder.encode(part));
        await taken();
      }
      entry.push(new Uint8Array(0), true);
      await taken();
    },
    async stored(name, data) {
      const entry = new ZipPassThrough(name);
      zip.add(entry);
      entry.push(data, true);
      await taken();
    },
  };

  try {
    await fill(writer);
    zip.end();
    await finished(out);
  } catch (error) {
    zip.terminate();
    out.destroy();
    // A write already handed to the file system still lands after destroy(), through the old
    // descriptor: a caller writing the file again at once would find its start overwritten.
    if (!out.closed) await once(out, 'close');
    throw error;
  }
  if (failure) throw failure;
  return out.bytesWritten;
}
