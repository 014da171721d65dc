// The folder tree of a report: every folder with the summed counts of the files below it, as
// genhtml's directory view rolls them up. Chains of folders with a single subfolder and no file
// are one node ("home/ci/app"), so a deep checkout path does not cost a click per level.
import { percent } from './percent';
import { CATEGORIES, type Counted, type FileRow } from './view';

export interface TreeNode extends Counted {
  /** The name shown: a file name, a folder name or a chain of them joined by "/". */
  name: string;
  /** Unique in the tree: the key of its row and of its open state. */
  key: string;
  /** The file's row, for a file; undefined for a folder. */
  file?: FileRow;
  children: TreeNode[];
  /** Files below (1 for a file). */
  files: number;
  linesCoverage: number;
  functionsCoverage: number;
  branchesCoverage: number;
}

const empty = (name: string, key: string): TreeNode => ({
  name,
  key,
  children: [],
  files: 0,
  linesHit: 0,
  linesFound: 0,
  functionsHit: 0,
  functionsFound: 0,
  branchesHit: 0,
  branchesFound: 0,
  linesCoverage: 100,
  functionsCoverage: 100,
  branchesCoverage: 100,
});

/** Builds the tree of `files` below `base` (a prefix every path shares, or ""). Linear in the paths. */
export function buildTree(files: readonly FileRow[], base: string): TreeNode {
  const root = empty('', 'f0');
  // Each folder's subfolders by name. Keys are short ids, never whole paths: a path with
  // thousands of separators would make every lookup rehash a long string (quadratic time).
  const subfolders = new Map<TreeNode, Map<string, TreeNode>>([[root, new Map()]]);
  let ids = 1;
  files.forEach((file, index) => {
    const parts = file.path
      .slice(base.length)
      .split(/[\\/]/)
      .filter((part) => part !== '');
    if (parts.length === 0) parts.push(file.path);
    let parent = root;
    for (let i = 0; i < parts.length - 1; i++) {
      const names = subfolders.get(parent)!;
      let folder = names.get(parts[i]!);
      if (!folder) {
        folder = empty(parts[i]!, `f${ids++}`);
        names.set(parts[i]!, folder);
        subfolders.set(folder, new Map());
        parent.children.push(folder);
      }
      parent = folder;
    }
    parent.children.push({ ...file, name: parts.at(-1)!, key: `p${index}`, file, children: [], files: 1 });
  });
  sum(root);
  return compress(root);
}

/** Rolls the counts up from the files; folders before files, each by name. Iterative: paths may nest deeply. */
function sum(root: TreeNode): void {
  const order: TreeNode[] = [];
  const stack = [root];
  while (stack.length) {
    const node = stack.pop()!;
    order.push(node);
    for (const child of node.children) if (!child.file) stack.push(child);
  }
  for (let i = order.length - 1; i >= 0; i--) {
    const folder = order[i]!;
    folder.children.sort(
      (a, b) => Number(!!a.file) - Number(!!b.file) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0),
    );
    for (const child of folder.children) {
      folder.files += child.files;
      for (const { key } of CATEGORIES) {
        folder[`${key}Hit`] += child[`${key}Hit`];
        folder[`${key}Found`] += child[`${key}Found`];
      }
    }
    for (const { key } of CATEGORIES) folder[`${key}Coverage`] = percent(folder[`${key}Hit`], folder[`${key}Found`]);
  }
}

/** Joins a folder with its only child when that child is a folder too. */
function compress(root: TreeNode): TreeNode {
  const stack = [root];
  while (stack.length) {
    const node = stack.pop()!;
    node.children = node.children.map((child) => {
      let merged = child;
      while (!merged.file && merged.children.length === 1 && !merged.children[0]!.file) {
        const only = merged.children[0]!;
        merged = { ...only, name: `${merged.name}/${only.name}` };
      }
      return merged;
    });
    for (const child of node.children) if (!child.file) stack.push(child);
  }
  return root;
}

/** A node as shown: its depth, and whether it has children to open. */
export interface VisibleRow {
  node: TreeNode;
  depth: number;
}

/**
 * The rows to draw: the children of open folders, depth first, at most `limit` of them (a
 * report of thousands of files never draws thousands of rows at once). `keep` narrows the
 * tree to files it accepts and the folders above them (then every folder is open).
 */
export function visibleRows(
  root: TreeNode,
  open: ReadonlySet<string>,
  limit: number,
  keep?: (file: FileRow) => boolean,
): { rows: VisibleRow[]; more: boolean } {
  const rows: VisibleRow[] = [];
  const matches = keep ? matching(root, keep) : undefined;
  const stack: VisibleRow[] = root.children.map((node) => ({ node, depth: 0 })).reverse();
  while (stack.length) {
    const row = stack.pop()!;
    if (matches && !matches.has(row.node)) continue;
    if (rows.length === limit) return { rows, more: true };
    rows.push(row);
    if (!row.node.file && (matches || open.has(row.node.key))) {
      for (let i = row.node.children.length - 1; i >= 0; i--)
        stack.push({ node: row.node.children[i]!, depth: row.depth + 1 });
    }
  }
  return { rows, more: false };
}

/** The nodes that are, or contain, a file `keep` accepts. Iterative: a path may nest deeply. */
function matching(root: TreeNode, keep: (file: FileRow) => boolean): Set<TreeNode> {
  const order: TreeNode[] = [];
  const stack = [...root.children];
  while (stack.length) {
    const node = stack.pop()!;
    order.push(node);
    for (const child of node.children) stack.push(child); // no spread: a folder may hold 100,000 files
  }
  const found = new Set<TreeNode>();
  // Children come after their parent in `order`, so walking it backwards settles them first.
  for (let i = order.length - 1; i >= 0; i--) {
    const node = order[i]!;
    if (node.file ? keep(node.file) : node.children.some((child) => found.has(child))) found.add(node);
  }
  return found;
}

/** Folders open at first: all of them for a small report, else none (the top level shows). */
export function initiallyOpen(root: TreeNode, fileLimit = 200): Set<string> {
  const open = new Set<string>();
  if (root.files > fileLimit) return open;
  const stack = [...root.children];
  while (stack.length) {
    const node = stack.pop()!;
    if (node.file) continue;
    open.add(node.key);
    for (const child of node.children) stack.push(child);
  }
  return open;
}
