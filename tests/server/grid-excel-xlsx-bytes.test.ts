import { describe, expect, it } from 'vitest'
import { AppError } from '#server/errors'
import {
  checkSpreadsheetHead,
  isOle,
  verifiedXlsx,
  xlsxMaxUnpackedBytes,
} from '#server/modules/grid-excel/xlsx-bytes'
import { xlsxSource } from '#server/modules/grid-excel/xlsx-source'
import { readZipEntries, storedZip, unpackEntry } from '#server/modules/grid-excel/zip-entries'
import { sheetRows, workbook, zipParts } from './helpers/hostile-workbooks.ts'

/**
 * The byte checks of an .xlsx import (`verifiedXlsx`) and the cells the spreadsheet library then
 * reads (`xlsxSource`), tested directly: in the app both run in the parse worker, a
 * process of its own. Each refusal is an AppError whose message key the user sees translated.
 */
type Refusal = { key: string; params?: Record<string, string | number> }
async function outcome(p: Promise<unknown> | (() => unknown)): Promise<Refusal | 'ok'> {
  try {
    await (typeof p === 'function' ? p() : p)
    return 'ok'
  } catch (e) {
    if (e instanceof AppError)
      return e.params ? { key: e.messageKey, params: e.params } : { key: e.messageKey }
    throw e
  }
}

const part = (name: string, xml: string) => ({ name, data: Buffer.from(xml) })
const ns = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"'
const workbookXml = part('xl/workbook.xml', `<workbook ${ns}><sheets/></workbook>`)
/** A worksheet of `cells` empty cells (in rows of 1,000) and the merges given. */
const sheet = (name: string, cells: number, merges: string[] = []) => {
  const rows: string[] = []
  for (let left = cells; left > 0; left -= 1000)
    rows.push(`<row>${'<c/>'.repeat(Math.min(1000, left))}</row>`)
  const merged = merges.length
    ? `<mergeCells>${merges.map((m) => `<mergeCell ref="${m}"/>`).join('')}</mergeCells>`
    : ''
  return part(name, `<worksheet ${ns}><sheetData>${rows.join('')}</sheetData>${merged}</worksheet>`)
}
const tooManyCells = { key: 'importTooManyCells', params: { max: 400_000 } }
const rangesTooLarge = { key: 'importRangesTooLarge', params: { max: 400_000 } }
const tooBig = { key: 'importTooBig', params: { max: 64 } }

/** The parts of a zip by name, unpacked. */
async function parts(file: Buffer): Promise<Map<string, string>> {
  const out = new Map<string, string>()
  for (const e of readZipEntries(file, 100))
    out.set(e.name, (await unpackEntry(file, e, xlsxMaxUnpackedBytes)).toString())
  return out
}

describe('checkSpreadsheetHead', () => {
  const zipHead = Buffer.from([0x50, 0x4b, 0x03, 0x04])
  const oleHead = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])

  it('takes a zip (.xlsx) or an OLE2 file (.xls) by their first bytes, even with nothing after them', async () => {
    expect(await outcome(() => checkSpreadsheetHead(zipHead))).toBe('ok')
    expect(await outcome(() => checkSpreadsheetHead(oleHead))).toBe('ok')
    expect(
      await outcome(() => checkSpreadsheetHead(Buffer.concat([zipHead, Buffer.alloc(9)]))),
    ).toBe('ok')
    expect(isOle(oleHead)).toBe(true)
    expect(isOle(zipHead)).toBe(false)
  })

  it('refuses anything else, a near miss or a head cut short', async () => {
    const notXlsx = { key: 'importNotXlsx' }
    for (const head of [
      Buffer.alloc(0),
      zipHead.subarray(0, 3),
      oleHead.subarray(0, 7),
      // an empty zip's end record starts PK too
      Buffer.from([0x50, 0x4b, 0x05, 0x06]),
      Buffer.from([0x51, 0x4b, 0x03, 0x04]),
      Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe2]),
      Buffer.from('89504e470d0a1a0a', 'hex'),
    ])
      expect(await outcome(() => checkSpreadsheetHead(head)), head.toString('hex')).toEqual(notXlsx)
    expect(isOle(oleHead.subarray(0, 7))).toBe(false)
  })
})

describe('verifiedXlsx', () => {
  it('refuses what is not a zip, and a zip without xl/workbook.xml', async () => {
    const notXlsx = { key: 'importNotXlsx' }
    expect(await outcome(verifiedXlsx(Buffer.from('PK\x05\x06')))).toEqual(notXlsx)
    expect(await outcome(verifiedXlsx(Buffer.from([0xd0, 0xcf, 0x11, 0xe0])))).toEqual(notXlsx)
    expect(await outcome(verifiedXlsx(zipParts([part('xl/styles.xml', '<a/>')])))).toEqual(notXlsx)
    expect(
      await outcome(verifiedXlsx(zipParts([{ ...workbookXml, name: '/xl/workbook.xml' }]))),
    ).toEqual(notXlsx)
  })

  it('refuses a damaged zip as damaged and a ZIP64 one as too big', async () => {
    const file = zipParts([workbookXml])
    expect(await outcome(verifiedXlsx(file.subarray(0, file.length - 1)))).toEqual({
      key: 'importDamaged',
    })
    const zip64 = Buffer.from(file)
    zip64.writeUInt16LE(0xffff, zip64.length - 22 + 10)
    expect(await outcome(verifiedXlsx(zip64))).toEqual(tooBig)
  })

  it('hands over a stored zip of the same parts: worksheets cut to cells and merges, the workbook without names', async () => {
    const rows = sheetRows([['BYTES-1', 'Acme', 'Flange', 3]])
    const file = workbook({
      rows,
      sheetBefore: '<dimension ref="A1:D2"/><cols><col min="1" max="4" width="9"/></cols>',
      sheetAfter:
        '<mergeCells count="1"><mergeCell ref="B2:B3"/></mergeCells><dataValidations count="1"><dataValidation sqref="A1:XFD1048576"/></dataValidations>',
      workbookAfter:
        '<definedNames><definedName name="big">Sheet1!$A:$XFD</definedName></definedNames>',
      extra: [
        part('xl/', ''),
        part(
          'xl/worksheets/_rels/sheet1.xml.rels',
          `<Relationships><Relationship Id="r1"/></Relationships>`,
        ),
        part('xl/worksheets/sheet12.xml', `<worksheet ${ns}><sheetData/><hyperlinks/></worksheet>`),
        part('/xl/worksheets/sheet2.xml', `<worksheet ${ns}><sheetData/><hyperlinks/></worksheet>`),
        part('xl/worksheets/sheetA.xml', `<worksheet ${ns}><sheetData/><hyperlinks/></worksheet>`),
      ],
    })
    const out = await verifiedXlsx(file)
    const before = await parts(file)
    const after = await parts(out)
    // the directory entry is left out, every file kept, stored (method 0)
    expect([...after.keys()]).toEqual([...before.keys()].filter((n) => n !== 'xl/'))
    expect(readZipEntries(out, 100).every((e) => e.method === 0)).toBe(true)
    expect(after.get('xl/worksheets/sheet1.xml')).toBe(
      `<worksheet ${ns} xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheetData>${rows}</sheetData><mergeCells count="1"><mergeCell ref="B2:B3"/></mergeCells></worksheet>`,
    )
    expect(after.get('xl/workbook.xml')).toBe(
      `<workbook ${ns} xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    )
    const cut = `<worksheet ${ns}><sheetData/></worksheet>`
    expect(after.get('xl/worksheets/sheet12.xml')).toBe(cut)
    expect(after.get('/xl/worksheets/sheet2.xml')).toBe(cut)
    // parts that are no worksheet and no workbook are handed over as they are
    for (const name of [
      'xl/worksheets/sheetA.xml',
      'xl/worksheets/_rels/sheet1.xml.rels',
      'xl/styles.xml',
    ])
      expect(after.get(name), name).toBe(before.get(name))
  })

  it('keeps the date system of the workbook and cuts a copy of the workbook part under a leading /', async () => {
    const file = zipParts([
      part(
        'xl/workbook.xml',
        `<workbook ${ns}><fileVersion appName="x"/><workbookPr date1904="1"/><sheets/><definedNames/></workbook>`,
      ),
      part(
        '/xl/workbook.xml',
        `<workbook ${ns}><sheets/><definedNames><definedName name="x">A</definedName></definedNames></workbook>`,
      ),
    ])
    const after = await parts(await verifiedXlsx(file))
    expect(after.get('xl/workbook.xml')).toBe(
      `<workbook ${ns}><workbookPr date1904="1"/><sheets/></workbook>`,
    )
    expect(after.get('/xl/workbook.xml')).toBe(`<workbook ${ns}><sheets/></workbook>`)
  })

  it('refuses XML it cannot cut (a DOCTYPE, unclosed markup, a merge without a range) as damaged', async () => {
    const damaged = { key: 'importDamaged' }
    const cases = [
      part(
        'xl/worksheets/sheet1.xml',
        `<!DOCTYPE x [<!ENTITY a "b">]><worksheet ${ns}><sheetData/></worksheet>`,
      ),
      part('xl/worksheets/sheet1.xml', `<worksheet ${ns}><sheetData>`),
      part(
        'xl/worksheets/sheet1.xml',
        `<worksheet ${ns}><sheetData/><mergeCells><mergeCell/></mergeCells></worksheet>`,
      ),
      part(
        'xl/worksheets/sheet1.xml',
        `<worksheet ${ns}><sheetData/><mergeCells><mergeCell ref="Sheet2!A1:B2"/></mergeCells></worksheet>`,
      ),
      part('xl/workbook.xml', `<workbook ${ns}><sheets>`),
    ]
    for (const p of cases) {
      const list = p.name === 'xl/workbook.xml' ? [p] : [workbookXml, p]
      expect(await outcome(verifiedXlsx(zipParts(list))), p.data.toString()).toEqual(damaged)
    }
  })

  it('counts the cells of all worksheets: 400,000 pass, one more is refused', async () => {
    expect(
      await outcome(
        verifiedXlsx(zipParts([workbookXml, sheet('xl/worksheets/sheet1.xml', 400_000)])),
      ),
    ).toBe('ok')
    expect(
      await outcome(
        verifiedXlsx(zipParts([workbookXml, sheet('xl/worksheets/sheet1.xml', 400_001)])),
      ),
    ).toEqual(tooManyCells)
    // over two sheets: the second has only the room the first left
    expect(
      await outcome(
        verifiedXlsx(
          zipParts([
            workbookXml,
            sheet('xl/worksheets/sheet1.xml', 250_000),
            sheet('xl/worksheets/sheet2.xml', 150_001),
          ]),
        ),
      ),
    ).toEqual(tooManyCells)
    // cells outside any worksheet part are not counted
    expect(
      await outcome(verifiedXlsx(zipParts([workbookXml, sheet('xl/cells.xml', 400_001)]))),
    ).toBe('ok')
  })

  it('counts merged ranges cell by cell, with the cells and across worksheets', async () => {
    const one = (cells: number, merges: string[]) =>
      verifiedXlsx(zipParts([workbookXml, sheet('xl/worksheets/sheet1.xml', cells, merges)]))
    // 16 columns x 25,000 rows = 400,000
    expect(await outcome(one(0, ['A1:P25000']))).toBe('ok')
    expect(await outcome(one(0, ['A1:P25000', 'Z1']))).toEqual(rangesTooLarge)
    // corners in either order
    expect(await outcome(one(0, ['P25000:A1', 'Z1']))).toEqual(rangesTooLarge)
    // cells and merges together: neither alone is over the limit
    expect(await outcome(one(200_000, ['A1:H25000']))).toBe('ok')
    expect(await outcome(one(200_001, ['A1:H25000']))).toEqual(rangesTooLarge)
    // a later worksheet has the room the first one's merges left: its cells, then its merges
    const two = (second: ReturnType<typeof sheet>) =>
      verifiedXlsx(
        zipParts([workbookXml, sheet('xl/worksheets/sheet1.xml', 0, ['A1:A399990']), second]),
      )
    expect(await outcome(two(sheet('xl/worksheets/sheet2.xml', 10)))).toBe('ok')
    expect(await outcome(two(sheet('xl/worksheets/sheet2.xml', 11)))).toEqual(tooManyCells)
    expect(await outcome(two(sheet('xl/worksheets/sheet2.xml', 0, ['B1:B11'])))).toEqual(
      rangesTooLarge,
    )
  })

  it('refuses a zip declaring more than 64 MB in all before unpacking any of it', async () => {
    // entries that declare sizes their data does not have: only the declared total is read
    const lying = (sizes: number[]) =>
      declare(
        zipParts([workbookXml, ...sizes.map((_, i) => part(`xl/media/${i}.bin`, 'x'))]),
        sizes.map((size, i) => [i + 1, size]),
      )
    const mb = 1024 * 1024
    const wb = workbookXml.data.length
    expect(await outcome(verifiedXlsx(lying([40 * mb, 40 * mb])))).toEqual(tooBig)
    expect(await outcome(verifiedXlsx(lying([32 * mb, 32 * mb - wb + 1])))).toEqual(tooBig)
    // exactly 64 MB declared passes that check; the lie is then found while unpacking
    expect(await outcome(verifiedXlsx(lying([32 * mb, 32 * mb - wb])))).toEqual({
      key: 'importDamaged',
    })
  })

  it('caps each entry by what the entries before it left of the 64 MB', async () => {
    // the second entry declares exactly the rest of the 64 MB and unpacks to more: too big, not
    // only damaged, as the cap it met is the file's
    const rest = xlsxMaxUnpackedBytes - workbookXml.data.length
    const big = zipParts([
      workbookXml,
      { name: 'xl/media/big.bin', data: Buffer.alloc(rest + 4096) },
    ])
    expect(await outcome(verifiedXlsx(declare(big, [[1, rest]])))).toEqual(tooBig)
  })
})

/** The zip with the declared (unpacked) size of entry `i` set to `size`, in both its headers. */
function declare(file: Buffer, sizes: [number, number][]): Buffer {
  const out = Buffer.from(file)
  let p = out.readUInt32LE(out.length - 22 + 16)
  for (let i = 0; p < out.length - 22; i++) {
    const size = sizes.find(([at]) => at === i)?.[1]
    if (size !== undefined) {
      out.writeUInt32LE(size, p + 24)
      out.writeUInt32LE(size, out.readUInt32LE(p + 42) + 22)
    }
    p += 46 + out.readUInt16LE(p + 28) + out.readUInt16LE(p + 30) + out.readUInt16LE(p + 32)
  }
  return out
}

describe('xlsxSource', () => {
  it('reads the header by column and the later non-empty rows with their row numbers', async () => {
    const rows =
      '<row r="1"><c r="A1" t="inlineStr"><is><t>订单号</t></is></c><c r="C1" t="inlineStr"><is><t>Quantity</t></is></c></row>' +
      '<row r="2"><c r="A2" t="inlineStr"><is><t>X-1</t></is></c><c r="C2"><v>3</v></c></row>' +
      '<row r="3"><c r="A3"/></row>' +
      '<row r="5"><c r="C5"><v>0</v></c></row>'
    const source = await xlsxSource(workbook({ rows }))
    expect([...source.header]).toEqual([
      [1, { value: '订单号' }],
      [3, { value: 'Quantity' }],
    ])
    expect(source.rowCount).toBe(2)
    const seen: [number, unknown[]][] = []
    source.eachRow((n, cell) => seen.push([n, [cell(1), cell(2), cell(3)]]))
    expect(seen).toEqual([
      [2, [{ value: 'X-1' }, {}, { value: 3 }]],
      [5, [{}, {}, { value: 0 }]],
    ])
  })

  it('refuses a workbook without worksheets as empty, and one the library cannot read as no Excel file', async () => {
    expect(await outcome(xlsxSource(zipParts([workbookXml])))).toEqual({ key: 'importEmpty' })
    const file = workbook({ rows: sheetRows([['X-2', 'c', 'p', 1]]) })
    const files: { name: string; data: Buffer }[] = []
    for (const e of readZipEntries(file, 100))
      files.push({
        name: e.name,
        data:
          e.name === 'xl/styles.xml' ? Buffer.from('<a><b></a>') : await unpackEntry(file, e, 1e6),
      })
    expect(await outcome(xlsxSource(storedZip(files)))).toEqual({ key: 'importNotXlsx' })
  })
})
