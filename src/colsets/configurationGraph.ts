/**
 * The bipartite graph of a band configuration of R×2 boxes: 2R digits (rows of the graph) and 2R columns of the
 * band, digit d joined to the column of each box that holds d. Box k's left column is column 2k, its right
 * column 2k+1; digit d (word v_d, see configurationClasses) is in column 2k + bit k of v_d. Every digit is in one
 * column per box and every column holds R digits: the graph is R-regular.
 *
 * A band with this configuration is a way to put the R digits of each column in the R rows so that each row
 * holds every digit once: colour each edge (d, column) with the row d takes there. Each column gets every row
 * once and each digit every row once: a proper R-edge-colouring, i.e. an ordered decomposition of the graph into
 * R perfect matchings. So F(T) = C_R(graph) (edgeColouringCounter).
 *
 *   R = 2, words 00 01 10 11:   digit 1 → columns 0, 2     digit 3 → columns 0, 3
 *                               digit 2 → columns 1, 2     digit 4 → columns 1, 3
 *
 * Writes 2R row masks into `out` (bit j: column j).
 */
export function configurationGraph(R: number, words: ArrayLike<number>, offset: number, out: Int32Array): Int32Array {
  for (let d = 0; d < 2 * R; d++) {
    const v = words[offset + d];
    let mask = 0;
    for (let k = 0; k < R; k++) mask |= 1 << (2 * k + ((v >> k) & 1));
    out[d] = mask;
  }
  return out;
}
