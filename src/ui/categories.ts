// The app's groups of tools as the UI shows them: labels, in the order shown (sidebar, home
// page, palette). The keys are the definitions' `category` (src/tools/define.ts).
import type { Category } from '../tools/define';

export const CATEGORIES: Readonly<Record<Category, string>> = {
  encode: 'Encode & decode',
  data: 'JSON & data',
  convert: 'Converters',
  crypto: 'Crypto & IDs',
  images: 'Images',
};
