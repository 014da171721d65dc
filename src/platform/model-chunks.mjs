// Reassembles the background-removal model from its chunks, checking each chunk's size and
// SHA-256. Plain JavaScript, so that the model's process (inference-host.mjs) runs it from the
// source tree as well as from the build; segmentation-node.ts uses it for the same check.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';

/**
 * @param {{ path: string, sha256: string, start: number, end: number }[]} chunks
 * @param {number} size
 * @param {{ package: string, resource: string }} label  what a damaged chunk is reported as part of
 * @returns {Promise<Uint8Array>}
 */
export async function assembleChunks(chunks, size, label) {
  const model = new Uint8Array(size);
  let filled = 0;
  for (const { path, sha256, start, end } of chunks) {
    const chunk = await readFile(path);
    if (chunk.length !== end - start || createHash('sha256').update(chunk).digest('hex') !== sha256) {
      throw new Error(
        `${label.package}: chunk ${sha256} of ${label.resource} is damaged; reinstall the package (npm ci)`,
      );
    }
    model.set(chunk, start);
    filled += chunk.length;
  }
  if (filled !== size)
    throw new Error(`${label.package}: the chunks of ${label.resource} add up to ${filled} bytes, not ${size}`);
  return model;
}
