import { z } from 'zod'

/**
 * Image and file cells of the grids (SPEC §2 "file and image cells"): a record keeps a
 * list of files uploaded through `POST {API_PREFIX}/UploadFile`, stored as JSON in the record's
 * `files` column (migration 0013). Only URLs the upload store generated are accepted, so a cell
 * can never point at another site or at a script.
 */

/** `/uploads/{yyyy-mm}/{24 hex}.{ext}` as `storeUpload` names them. */
export const gridFileUrl = /^\/uploads\/\d{4}-\d{2}\/[0-9a-f]{24}\.(png|jpg|gif|webp|pdf|xlsx|xls)$/
/** The original or one of its WebP variants (`-w480.webp`). */
export const gridThumbUrl =
  /^\/uploads\/\d{4}-\d{2}\/[0-9a-f]{24}(-w\d{2,4}\.webp|\.(png|jpg|gif|webp))$/

/** One file of a cell: what the user called it (display only) and where it is. */
export const gridFile = z.object({
  name: z.string().trim().max(100, 'tooLong'),
  url: z.string().regex(gridFileUrl, 'fileUrl'),
  thumb: z.string().regex(gridThumbUrl, 'fileUrl').optional(),
})
export type GridFile = z.infer<typeof gridFile>

/**
 * The files of a cell in a save: a list (empty removes them all); absent keeps them. The count
 * is checked against the kind's limit by the server (`gridFileFields`), with SPEC's wording.
 */
export const gridFiles = z.preprocess(
  (v) => (v === null ? [] : v),
  z.array(gridFile).max(20, 'filesLimit').optional(),
)

/** What a kind's file cell holds: pictures only (photo upload) or any accepted file (generic upload). */
export type GridFileField = { field: string; limit: number; accept: 'image' | 'file' }

/**
 * The file cell of each grid that has one (SPEC §9 limits: photo 3, generic 1): a purchase's
 * delivery-note photos, a quality check's photos, an order's drawing (a PDF, a spreadsheet or a
 * picture; one file, replaced by the next).
 */
export const gridFileFields: Record<string, GridFileField> = {
  Order: { field: 'Drawing', limit: 1, accept: 'file' },
  Purchase: { field: 'Photos', limit: 3, accept: 'image' },
  Quality: { field: 'Photos', limit: 3, accept: 'image' },
}

// built once: a zod schema costs far more to build than to run (it was built per row read)
const gridFileList = z.array(gridFile)

/** The stored JSON of a files column as a list (anything unreadable is no files). */
export function parseGridFiles(stored: unknown): GridFile[] {
  if (typeof stored !== 'string' || stored === '' || stored === '[]') return []
  try {
    const r = gridFileList.safeParse(JSON.parse(stored))
    return r.success ? r.data : []
  } catch {
    return []
  }
}
