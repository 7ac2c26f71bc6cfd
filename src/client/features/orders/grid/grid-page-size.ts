/** SPEC §9 grid limits. */
export const pageSizeOptions = [5, 10, 15, 20, 50, 100, 200, 500, 1000] as const

/** 15 rows when the window is under 1000 px high, else 20. */
export const defaultPageSize = (windowHeight = window.innerHeight) =>
  windowHeight < 1000 ? 15 : 20

/** Table height = window height - 291, minus 60 for each extra toolbar row. */
export const tableHeight = (windowHeight: number, extraToolbarRows = 0) =>
  Math.max(240, windowHeight - 291 - 60 * extraToolbarRows)
