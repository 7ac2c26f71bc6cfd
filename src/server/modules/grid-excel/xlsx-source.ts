import type ExcelJS from 'exceljs'
import { Code } from '#shared/contract/codes'
import { AppError } from '../../errors.ts'
import { plainValue, type Read } from './cell-value.ts'
import { loadExcelJs } from './load-exceljs.ts'
import type { CellSource } from './read-sheet.ts'
import { verifiedXlsx } from './xlsx-bytes.ts'

/** The first worksheet of an .xlsx (checked byte by byte first, see `verifiedXlsx`) as import cells. */
export async function xlsxSource(file: Buffer): Promise<CellSource> {
  const verified = await verifiedXlsx(file)
  const wb = new (await loadExcelJs()).Workbook()
  try {
    await wb.xlsx.load(verified as unknown as ArrayBuffer)
  } catch {
    throw new AppError(Code.badRequest, 'importNotXlsx')
  }
  const ws: ExcelJS.Worksheet | undefined = wb.worksheets[0]
  if (!ws) throw new AppError(Code.badRequest, 'importEmpty')
  const header = new Map<number, Read>()
  ws.getRow(1).eachCell(
    { includeEmpty: false },
    (cell, col) => void header.set(col, plainValue(cell.value)),
  )
  return {
    rowCount: ws.actualRowCount - 1,
    header,
    eachRow(cb) {
      ws.eachRow({ includeEmpty: false }, (row, n) => {
        if (n > 1) cb(n, (col) => plainValue(row.getCell(col).value))
      })
    },
  }
}
