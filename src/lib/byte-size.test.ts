import { describe, expect, it } from 'vitest';
import { formatBytes } from './byte-size';

describe('formatBytes', () => {
  it.each([
    [0, '0 bytes'],
    [1, '1 byte'],
    [1023, '1,023 bytes'],
    [1024, '1 KiB'],
    [1536, '1,536 bytes'],
    [15_360, '15 KiB'],
    [15_872, '15.5 KiB'],
    [2000, '2,000 bytes'],
    [10_240, '10 KiB'],
    [1_000_000, '976.6 KiB (1,000,000 bytes)'],
    [1_048_576, '1 MiB'],
    [16 * 1_048_576, '16 MiB'],
    [768 * 1_048_576, '768 MiB'],
    [1.5 * 1_048_576, '1.5 MiB'],
    [2 * 1024 ** 3, '2 GiB'],
    [3000 * 1024 ** 3, '3,000 GiB'],
  ])('%d → %s', (bytes, text) => {
    expect(formatBytes(bytes)).toBe(text);
  });
});
