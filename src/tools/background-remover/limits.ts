// The background remover's input limits (docs/contract.md §4 background-remover), used by the tool; its
// page refuses a file over the device's limit before reading it.
import { DEVICE_MAX_INPUT_BYTES, inputTooLarge } from '../../lib/images/limits';

/** 10 MB of decoded input ("MB" is MiB; exactly 10,485,760 bytes is accepted). 40 MP is enforced by loadImage. */
export const MAX_INPUT_BYTES = 10 * 1048576;

/** The page's refusal of a file before reading it: the device's limit, as the page's worker applies it. */
export const tooLarge = (bytes: number): string | undefined => inputTooLarge(bytes, DEVICE_MAX_INPUT_BYTES);
