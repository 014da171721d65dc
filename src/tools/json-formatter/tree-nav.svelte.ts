// What the tree view shares between its nodes: the node selected (its paths shown, with copy
// buttons a keyboard or a finger can reach) and the node to reveal (a jump: every node on the
// way opens and pages to it, then the node scrolls into view and takes the focus).
import { normalizedPath, type Step } from './tree';

export interface Target {
  steps: Step[];
  /** The normalized path of each prefix of `steps`: prefixes[d] is the ancestor at depth d. */
  prefixes: string[];
  /** Grows with each jump, so that jumping to the same node again reveals it again. */
  seq: number;
}

export class TreeNav {
  selected = $state<Step[] | undefined>();
  target = $state.raw<Target | undefined>();
  #seq = 0;

  reveal(steps: Step[]): void {
    const prefixes = [];
    for (let depth = 0; depth <= steps.length; depth++) prefixes.push(normalizedPath(steps.slice(0, depth)));
    this.selected = steps;
    this.target = { steps, prefixes, seq: ++this.#seq };
  }
}
