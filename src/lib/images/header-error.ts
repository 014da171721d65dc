/** Thrown for a header we cannot read; probe.ts turns it into a 400 naming the format and the reason. */
export class HeaderError extends Error {}
