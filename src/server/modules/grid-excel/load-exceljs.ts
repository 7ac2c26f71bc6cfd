import type ExcelJSModule from 'exceljs'

let loaded: Promise<typeof ExcelJSModule> | undefined

/**
 * The spreadsheet library, loaded at the first import or export rather than at start: it is
 * the largest module the server uses (about 0.1 s and 15 MB), and most instances never need it.
 */
export function loadExcelJs(): Promise<typeof ExcelJSModule> {
  loaded ??= import('exceljs').then((m) => m.default)
  return loaded
}
