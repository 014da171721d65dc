/** Adds `irot`/`imir` properties to a sharp-written AVIF's primary item, in this order. */
export function withTransforms(input: Uint8Array, ops: readonly (readonly [string, number])[]): Uint8Array;
