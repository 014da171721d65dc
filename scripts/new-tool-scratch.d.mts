export declare const repo: string;
export declare function scaffoldInScratch(slug: string): { root: string; printed: string; remove: () => void };
