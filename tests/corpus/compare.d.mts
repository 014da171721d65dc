export const CORPUS_DIR: string;
export function corpusPresent(): boolean;
export const MIN_PSNR: number;
export interface Pixels {
  width: number;
  height: number;
  data: Uint8Array;
}
export function libvipsPixels(bytes: Uint8Array): Promise<Pixels | { error: string }>;
export function psnr(a: ArrayLike<number>, b: ArrayLike<number>): number;
export type Invoke = (slug: string, body: unknown) => Promise<{ status: number; body: any }>;
export interface Comparison {
  kind: 'match' | 'differ' | 'refused' | '5xx' | 'read';
  message?: string;
  size?: string;
  psnr?: number;
  libvips?: string;
}
export function compareFile(invoke: Invoke, bytes: Uint8Array, from: string): Promise<Comparison>;
export function formatFromName(name: string): string;
