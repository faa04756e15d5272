/**
 * Union-find over 0..size−1 whose roots are always the smallest member of their set: the band classes and
 * every level of the chain are named by their smallest band (or class), so the root is the canonical
 * representative without a second pass. Path halving on find; no ranks (the smaller index wins a union).
 */
export class UnionFind {
  private readonly parent: Int32Array;

  constructor(size: number) {
    this.parent = new Int32Array(size);
    for (let i = 0; i < size; i++) this.parent[i] = i;
  }

  /** The smallest member of x's set. */
  find(x: number): number {
    const parent = this.parent;
    while (parent[x] !== x) {
      parent[x] = parent[parent[x]];
      x = parent[x];
    }
    return x;
  }

  /** Join the sets of a and b; the smaller root becomes the root of both. */
  union(a: number, b: number): void {
    const x = this.find(a),
      y = this.find(b);
    if (x < y) this.parent[y] = x;
    else if (y < x) this.parent[x] = y;
  }
}
