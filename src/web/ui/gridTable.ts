/**
 * A grid drawn as a table, with thick lines between boxes. `cells` holds 0 (empty) or a digit 1..n in reading
 * order; `classOf` may mark cells (given, placed, latest) for the puzzle pages.
 */
export function gridTable(
  rows: number,
  cols: number,
  cells: ArrayLike<number>,
  label: string,
  classOf: (cell: number) => string = () => '',
): HTMLTableElement {
  const n = rows * cols;
  const table = document.createElement('table');
  table.className = 'grid';
  table.setAttribute('aria-label', label);
  const body = table.createTBody();
  for (let r = 0; r < n; r++) {
    const tr = body.insertRow();
    for (let c = 0; c < n; c++) {
      const td = tr.insertCell();
      const i = r * n + c;
      const d = cells[i];
      td.textContent = d ? (n > 9 ? d.toString(36) : String(d)) : '';
      const marks = [classOf(i)];
      if (c % cols === 0) marks.push('bl');
      if (r % rows === 0) marks.push('bt');
      if (c === n - 1) marks.push('br');
      if (r === n - 1) marks.push('bb');
      td.className = marks.filter(Boolean).join(' ');
    }
  }
  return table;
}
