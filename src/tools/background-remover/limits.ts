// The background remover's input limits (docs/contract.md §4 background-remover), shared by the tool
// and its page (which refuses an oversized file before reading it).
import { inputTooLarge } from '../../lib/images/limits';

/** 10 MB of decoded input ("MB" is MiB; exactly 10,485,760 bytes is accepted). 40 MP is enforced by loadImage. */
export const MAX_INPUT_BYTES = 10 * 1048576;

export const tooLarge = (bytes: number): string | undefined => inputTooLarge(bytes, MAX_INPUT_BYTES);
