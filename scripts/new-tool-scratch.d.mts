export declare const repo: string;
export declare function scaffoldInScratch(
  slug: string,
  kind?: 'linked' | 'copied',
): { root: string; printed: string; remove: () => void };
