import type { KeyboardEvent } from 'react'

export type CellMove = 'left' | 'right' | 'up' | 'down'
export type CellKeyAction = CellMove | 'edit' | 'done' | 'cancel'

const moves: Record<string, CellMove> = {
  ArrowLeft: 'left',
  ArrowRight: 'right',
  ArrowUp: 'up',
  ArrowDown: 'down',
}

/**
 * What a key does in an editable grid cell: on the cell itself, arrows move and Enter/F2 edit;
 * in its input, Enter ends the edit, Escape cancels it, and Up/Down move to the row above or
 * below (a text input has no use for them; a select keeps them for its options).
 */
export function cellKeyAction(e: KeyboardEvent, td: HTMLElement): CellKeyAction | null {
  if (e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return null
  if (e.target === td) {
    if (e.key === 'Enter' || e.key === 'F2') return 'edit'
    return moves[e.key] ?? null
  }
  if (e.key === 'Enter') return 'done'
  if (e.key === 'Escape') return 'cancel'
  if (e.target instanceof HTMLInputElement && (e.key === 'ArrowUp' || e.key === 'ArrowDown'))
    return moves[e.key]!
  return null
}

/** A cell the keyboard can land on: a closed editable cell, or one showing its input. */
const reachable = (td: Element | null): td is HTMLElement =>
  td instanceof HTMLElement && (td.tabIndex >= 0 || td.querySelector('input, select') !== null)

/** The next reachable cell from `td` in a direction (skipping read-only cells), or null. */
export function nextCell(td: HTMLElement, move: CellMove): HTMLElement | null {
  if (move === 'left' || move === 'right') {
    let at: Element | null = td
    do at = move === 'left' ? at.previousElementSibling : at.nextElementSibling
    while (at && !(at.hasAttribute('data-field') && reachable(at)))
    return at as HTMLElement | null
  }
  let row: Element | null = td.parentElement
  const field = td.getAttribute('data-field') ?? ''
  do row = move === 'up' ? row!.previousElementSibling : row!.nextElementSibling
  while (row && !row.hasAttribute('data-id'))
  const cell = row?.querySelector(`td[data-field="${CSS.escape(field)}"]`) ?? null
  return reachable(cell) ? cell : null
}

/** Focuses a cell, or its input when the row shows inputs (the cell is then not focusable). */
export function focusCell(td: HTMLElement) {
  if (td.tabIndex >= 0) td.focus()
  else td.querySelector<HTMLElement>('input, select')?.focus()
}
