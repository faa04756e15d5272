/**
 * What the count's WebAssembly cores (src/bands/, src/symmetry/, src/count/ assembly/) share: reading and writing
 * i32 arrays in linear memory, laying buffers out on cache lines, growing the memory, and the union-find whose
 * roots are the smallest member (src/symmetry/unionFind.ts, over an i32 array of parents). AssemblyScript; each
 * core imports what it needs, and only a core's own exports become the module's.
 */

export function i32At(base: usize, i: i32): i32 {
  return load<i32>(base + ((i as usize) << 2));
}

export function setI32(base: usize, i: i32, v: i32): void {
  store<i32>(base + ((i as usize) << 2), v);
}

/** x rounded up to a cache line (64 bytes). */
export function align(x: usize): usize {
  return (x + 63) & ~(63 as usize);
}

/** Grow the memory to hold `end` bytes; false if it cannot. */
export function growTo(end: usize): bool {
  const have = (memory.size() as usize) << 16;
  return end <= have || memory.grow(((end - have + 0xffff) >> 16) as i32) >= 0;
}

/** The root (smallest member) of x's set, halving the path. */
export function find(parent: usize, x: i32): i32 {
  while (i32At(parent, x) != x) {
    const up = i32At(parent, i32At(parent, x));
    setI32(parent, x, up);
    x = up;
  }
  return x;
}

/** Join the sets of a and b; the smaller root becomes the root of both. */
export function union(parent: usize, a: i32, b: i32): void {
  const x = find(parent, a);
  const y = find(parent, b);
  if (x < y) setI32(parent, y, x);
  else if (y < x) setI32(parent, x, y);
}
