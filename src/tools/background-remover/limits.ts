// The background remover's input limits (docs/contract.md §4 background-remover), used by the tool.
// Its page refuses a file over the device's limit before reading it as every image page does
// (readBase64 in src/ui/image-files.ts, with lib/images/limits.ts's DEVICE_MAX_INPUT_BYTES).

/** 10 MB of decoded input ("MB" is MiB; exactly 10,485,760 bytes is accepted). 40 MP is enforced by loadImage. */
export const MAX_INPUT_BYTES = 10 * 1048576;
