/** All permutations of 0..k−1, in lexicographic order. */
export function permutationsOf(k: number): number[][] {
  const out: number[][] = [];
  const p = Array.from({ length: k }, (_, i) => i);
  const used = new Array<boolean>(k).fill(false);
  const cur: number[] = [];
  const rec = (): void => {
    if (cur.length === k) {
      out.push(cur.slice());
      return;
    }
    for (const x of p) {
      if (used[x]) continue;
      used[x] = true;
      cur.push(x);
      rec();
      cur.pop();
      used[x] = false;
    }
  };
  rec();
  return out;
}
