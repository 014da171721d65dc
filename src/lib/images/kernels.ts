// The resampling kernels the image port offers (image-resizer's `kernel` field; sharp's names).
// Lanczos3 first: the default, and what every resize used before the field existed.
export const KERNELS = ['lanczos3', 'nearest', 'linear', 'cubic'] as const;
export type Kernel = (typeof KERNELS)[number];
