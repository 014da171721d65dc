// Types of attack-inputs.mjs (plain JavaScript, shared with bench/fuzz-long.mjs).
export declare const repairArray: (count?: number) => string;
export declare function ndjson(bytes?: number): string;
export declare const nestedBrackets: (count?: number) => string;
export declare function bigObject(bytes?: number): string;
export declare function bigCsv(bytes?: number): string;
export declare const bigIdentifierText: (bytes?: number) => string;
export declare function manyDigits(count?: number): string;
export declare const SVG_TURBULENCE: string;
export declare const manyWords: (count?: number) => string;
export declare const COLLIDING_COLUMNS: string;
export declare const tiffSelfLoop: () => Buffer;
export declare function tiffDeflateBomb(inflated?: number): Buffer;
export declare function gif(width: number, height: number): Buffer;
export declare const smallPng: () => Buffer;
export declare function heavyJpeg(width?: number, height?: number): Promise<Buffer>;
