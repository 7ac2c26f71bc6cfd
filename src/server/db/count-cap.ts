/**
 * Rows counted past the start of a page before a list's total is given as "at least" (`1,000+`)
 * with a real next page: a page never counts a large table to the end. Grids and the
 * operation log use it; the dashboard's counts are these totals.
 */
export const countCap = 1_000
