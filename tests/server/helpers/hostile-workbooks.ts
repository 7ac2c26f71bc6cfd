import zlib from 'node:zlib'

/**
 * Small hand-made .xlsx files for the hostile-input and crash suites: a valid workbook of one
 * sheet (order number, customer, part, quantity) whose worksheet or workbook XML carries extra
 * elements, such as a merge or a validation range over a million rows.
 */
type Part = { name: string; data: Buffer }

/** A zip of deflated entries with true sizes and checksums. */
export function zipParts(parts: Part[]): Buffer {
  const locals: Buffer[] = []
  const centrals: Buffer[] = []
  let offset = 0
  for (const p of parts) {
    const name = Buffer.from(p.name)
    const packed = zlib.deflateRawSync(p.data)
    const crc = zlib.crc32(p.data)
    const local = Buffer.alloc(30)
    local.writeUInt32LE(0x04034b50, 0)
    local.writeUInt16LE(20, 4)
    local.writeUInt16LE(8, 8)
    local.writeUInt32LE(crc, 14)
    local.writeUInt32LE(packed.length, 18)
    local.writeUInt32LE(p.data.length, 22)
    local.writeUInt16LE(name.length, 26)
    const central = Buffer.alloc(46)
    central.writeUInt32LE(0x02014b50, 0)
    central.writeUInt16LE(20, 4)
    central.writeUInt16LE(20, 6)
    central.writeUInt16LE(8, 10)
    central.writeUInt32LE(crc, 16)
    central.writeUInt32LE(packed.length, 20)
    central.writeUInt32LE(p.data.length, 24)
    central.writeUInt16LE(name.length, 28)
    central.writeUInt32LE(offset, 42)
    locals.push(local, name, packed)
    centrals.push(central, name)
    offset += 30 + name.length + packed.length
  }
  const dirSize = centrals.reduce((n, c) => n + c.length, 0)
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  end.writeUInt16LE(parts.length, 8)
  end.writeUInt16LE(parts.length, 10)
  end.writeUInt32LE(dirSize, 12)
  end.writeUInt32LE(offset, 16)
  return Buffer.concat([...locals, ...centrals, end])
}

const ns =
  'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"'
const text = (ref: string, s: string) => `<c r="${ref}" t="inlineStr"><is><t>${s}</t></is></c>`
const num = (ref: string, n: number) => `<c r="${ref}"><v>${n}</v></c>`

/** Sheet rows: a header and `orders` (order number, customer, part, quantity); blank customers stay out. */
export function sheetRows(orders: [string, string | null, string, number][]): string {
  const header = `<row r="1">${text('A1', '订单号')}${text('B1', '客户')}${text('C1', 'Part')}${text('D1', 'Quantity')}</row>`
  const rows = orders.map(([no, customer, part, qty], i) => {
    const r = i + 2
    return `<row r="${r}">${text(`A${r}`, no)}${customer === null ? `<c r="B${r}"/>` : text(`B${r}`, customer)}${text(`C${r}`, part)}${num(`D${r}`, qty)}</row>`
  })
  return header + rows.join('')
}

export type WorkbookParts = {
  /** the worksheet's rows (`sheetRows`) */
  rows: string
  /** XML after `<sheetData>` in the worksheet (merges, validations, formats...) */
  sheetAfter?: string
  /** XML before `<sheetData>` in the worksheet (dimension, cols...) */
  sheetBefore?: string
  /** XML after `<sheets>` in the workbook (defined names...) */
  workbookAfter?: string
  /** more parts */
  extra?: Part[]
}

/** An .xlsx of one worksheet, `Sheet1`. */
export function workbook(p: WorkbookParts): Buffer {
  const part = (name: string, xml: string) => ({ name, data: Buffer.from(xml) })
  return zipParts([
    part(
      '[Content_Types].xml',
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>',
    ),
    part(
      '_rels/.rels',
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
    ),
    part(
      'xl/_rels/workbook.xml.rels',
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>',
    ),
    part(
      'xl/styles.xml',
      `<?xml version="1.0" encoding="UTF-8"?><styleSheet ${ns.split(' ')[0]}><fonts count="1"><font><sz val="11"/><name val="Calibri"/></font></fonts><fills count="1"><fill><patternFill patternType="none"/></fill></fills><borders count="1"><border/></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/></cellXfs><dxfs count="1"><dxf><font><b/></font></dxf></dxfs></styleSheet>`,
    ),
    part(
      'xl/workbook.xml',
      `<?xml version="1.0" encoding="UTF-8"?><workbook ${ns}><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets>${p.workbookAfter ?? ''}</workbook>`,
    ),
    part(
      'xl/worksheets/sheet1.xml',
      `<?xml version="1.0" encoding="UTF-8"?><worksheet ${ns}>${p.sheetBefore ?? ''}<sheetData>${p.rows}</sheetData>${p.sheetAfter ?? ''}</worksheet>`,
    ),
    ...(p.extra ?? []),
  ])
}

/** The merge bomb: one merge of 26 columns x 1,048,576 rows in a small workbook. */
export const mergeBomb = () =>
  workbook({
    rows: sheetRows([['MERGE-1', 'Acme', 'Flange', 3]]),
    sheetAfter: '<mergeCells count="1"><mergeCell ref="A1:Z1048576"/></mergeCells>',
  })

/** `rows` rows of `cols` short text cells under the import's header: many cells, each cheap in the file. */
export function manyCells(rows: number, cols: number): Buffer {
  const head = ['订单号', '客户', 'Part', 'Quantity']
  const colName = (c: number) =>
    c < 26
      ? String.fromCharCode(65 + c)
      : String.fromCharCode(64 + Math.floor(c / 26)) + String.fromCharCode(65 + (c % 26))
  const out: string[] = [
    `<row r="1">${head.map((h, c) => text(`${colName(c)}1`, h)).join('')}</row>`,
  ]
  for (let r = 2; r <= rows + 1; r++) {
    let cells = ''
    for (let c = 0; c < cols; c++) cells += text(`${colName(c)}${r}`, `v${r}-${c}`)
    out.push(`<row r="${r}">${cells}</row>`)
  }
  return workbook({ rows: out.join('') })
}

/**
 * An .xls (BIFF8 compound file) with `records` added at the end of its first worksheet (before
 * that sheet's EOF record); each record is [type, body].
 */
export async function xlsWithRecords(xls: Buffer, records: [number, Buffer][]): Promise<Buffer> {
  const { CFB } = await import('@e965/xlsx')
  const cfb = CFB.read(xls, { type: 'buffer' })
  const entry = CFB.find(cfb, 'Workbook')
  if (!entry) throw new Error('not a BIFF8 workbook')
  const stream = Buffer.from(entry.content as Uint8Array)
  let eofs = 0
  let at = -1
  for (let p = 0; p + 4 <= stream.length; p += 4 + stream.readUInt16LE(p + 2)) {
    if (stream.readUInt16LE(p) === 0x000a && ++eofs === 2) {
      at = p
      break
    }
  }
  if (at < 0) throw new Error('no worksheet EOF')
  const added = records.map(([type, body]) => {
    const head = Buffer.alloc(4)
    head.writeUInt16LE(type, 0)
    head.writeUInt16LE(body.length, 2)
    return Buffer.concat([head, body])
  })
  const content = Buffer.concat([stream.subarray(0, at), ...added, stream.subarray(at)])
  entry.content = content
  entry.size = content.length
  return Buffer.from(CFB.write(cfb, { type: 'buffer' }) as Uint8Array)
}

/** A BIFF8 HLINK record over rows `r1..r2` and columns `c1..c2`: a link to `#A1` with no text. */
export function hlinkRecord(r1: number, r2: number, c1: number, c2: number): [number, Buffer] {
  const body = Buffer.alloc(32)
  body.writeUInt16LE(r1, 0)
  body.writeUInt16LE(r2, 2)
  body.writeUInt16LE(c1, 4)
  body.writeUInt16LE(c2, 6)
  // CLSID (16 bytes) left zero, then stream version 2 and no flags
  body.writeUInt32LE(2, 24)
  return [0x01b8, body]
}
