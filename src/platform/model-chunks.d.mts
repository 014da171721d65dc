// Types of model-chunks.mjs (plain JavaScript, run by the model's own process too).
export interface ModelChunk {
  /** The chunk's file. */
  path: string;
  sha256: string;
  /** Where it goes in the model: bytes start … end (exclusive). */
  start: number;
  end: number;
}
export declare function assembleChunks(
  chunks: ModelChunk[],
  size: number,
  label: { package: string; resource: string },
): Promise<Uint8Array>;
