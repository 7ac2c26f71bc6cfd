/**
 * The parse worker's entry (a process of its own, see `parse-in-worker.ts`): reads the first
 * worksheet of the .xlsx or .xls it is sent and sends back its plain cells, or the message key
 * of why it cannot, then ends. The build bundles it as dist-server/parse-worker.js.
 */
import { AppError } from '../../errors.ts'
import { sheetCells, type ParseAnswer } from './sheet-cells.ts'
import { xlsSource } from './xls-source.ts'
import { isOle } from './xlsx-bytes.ts'
import { xlsxSource } from './xlsx-source.ts'

async function parse(bytes: Uint8Array): Promise<ParseAnswer> {
  const file = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  try {
    const source = isOle(file) ? await xlsSource(file) : await xlsxSource(file)
    return { ok: true, cells: sheetCells(source) }
  } catch (e) {
    if (e instanceof AppError)
      return {
        ok: false,
        code: e.code,
        key: e.messageKey,
        ...(e.params ? { params: e.params } : {}),
      }
    return { ok: false, error: e instanceof Error ? `${e.name}: ${e.message}` : String(e) }
  }
}

// the server gone, nobody waits for the answer
process.on('disconnect', () => process.exit(0))
process.once('message', (m: { file: Uint8Array }) => {
  void parse(m.file).then((answer) => process.send?.(answer, () => process.exit(0)))
})
