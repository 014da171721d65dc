/**
 * Builds a long string (the decoded text) from UTF-16 code units in linear time and bounded
 * memory. Units are collected in a fixed buffer that becomes one flat string every 8 Ki units;
 * `+=` of millions of single characters would instead keep millions of rope nodes alive until
 * the end.
 */
export class StringWriter {
  private readonly buffer = new Uint16Array(8192);
  private length = 0;
  private readonly parts: string[] = [];

  unit(unit: number): void {
    if (this.length === this.buffer.length) this.flush();
    this.buffer[this.length++] = unit;
  }

  /** Copies `text[start..end)` unit by unit. */
  slice(text: string, start: number, end: number): void {
    for (let i = start; i < end; i++) this.unit(text.charCodeAt(i));
  }

  toString(): string {
    this.flush();
    return this.parts.length === 1 ? this.parts[0]! : this.parts.join('');
  }

  private flush(): void {
    if (this.length === 0) return;
    // fromCharCode takes an array-like of units; 8 Ki arguments stay far below engine limits.
    this.parts.push(String.fromCharCode.apply(null, this.buffer.subarray(0, this.length) as unknown as number[]));
    this.length = 0;
  }
}
