import type { CellValue } from 'exceljs'
import { describe, expect, it } from 'vitest'
import {
  escapeText,
  fieldInput,
  isFormulaLike,
  plainValue,
  unescapeText,
} from '#server/modules/grid-excel/cell-value'

/**
 * The cell values of an import, tested directly: what a stored cell reads as
 * (`plainValue`, in the parse worker) and what the contract gets for a column type
 * (`fieldInput`), without an app or a file.
 */
const cell = (v: unknown) => plainValue(v as CellValue)

describe('formula-like text (export escapes it, import takes the escape off)', () => {
  it('knows text starting with = + - @ tab or CR, and only at its start', () => {
    for (const s of ['=1+1', '+86', '-5 pcs', '@SUM(A1)', '\tx', '\rx'])
      expect(isFormulaLike(s), JSON.stringify(s)).toBe(true)
    for (const s of ['a=1', 'x+y', '', ' =1', "'=1", '5'])
      expect(isFormulaLike(s), JSON.stringify(s)).toBe(false)
    expect(isFormulaLike(-5)).toBe(false)
    expect(isFormulaLike(undefined)).toBe(false)
  })

  it("adds a ' before formula-like text and takes exactly that one off again", () => {
    expect(escapeText('=A1')).toBe("'=A1")
    expect(escapeText('plain')).toBe('plain')
    expect(unescapeText("'=A1")).toBe('=A1')
    expect(unescapeText("'-5")).toBe('-5')
    expect(unescapeText(escapeText('@x'))).toBe('@x')
    // a ' before ordinary text is the user's own
    expect(unescapeText("'quoted")).toBe("'quoted")
    expect(unescapeText("''=A1")).toBe("''=A1")
    // a ' at the end, or formula-like text without the ', stays as it is
    expect(unescapeText("a=1'")).toBe("a=1'")
    expect(unescapeText('=A1')).toBe('=A1')
  })
})

describe('plainValue: what a stored cell reads as', () => {
  it('reads empty cells as nothing and plain values as they are, falsy ones too', () => {
    expect(cell(null)).toEqual({})
    expect(cell(undefined)).toEqual({})
    const day = new Date(Date.UTC(2025, 0, 2))
    for (const v of ['text', '', 0, 12.5, false, true, day]) expect(cell(v)).toEqual({ value: v })
    // anything that is neither a plain value nor an object reads as empty
    expect(cell(10n)).toEqual({})
    expect(cell(() => 1)).toEqual({})
    expect(cell({})).toEqual({})
    expect(cell({ hyperlinkless: 1 })).toEqual({})
  })

  it('refuses error values', () => {
    expect(cell({ error: '#N/A' })).toEqual({ problem: 'importCellError' })
    expect(cell({ error: '#DIV/0!', text: 'x' })).toEqual({ problem: 'importCellError' })
  })

  it('reads the saved result of a formula (never evaluated), falsy results and dates too', () => {
    expect(cell({ formula: '2*3', result: 6 })).toEqual({ value: 6 })
    expect(cell({ sharedFormula: 'A2', result: 'abc' })).toEqual({ value: 'abc' })
    expect(cell({ formula: 'A1-A1', result: 0 })).toEqual({ value: 0 })
    expect(cell({ formula: 'A1=B1', result: false })).toEqual({ value: false })
    expect(cell({ formula: 'A1&""', result: '' })).toEqual({ value: '' })
    const day = new Date(Date.UTC(2026, 2, 2))
    expect(cell({ formula: 'TODAY()', result: day })).toEqual({ value: day })
  })

  it('refuses a formula without a saved result, or whose result is an error or an object', () => {
    expect(cell({ formula: 'WEBSERVICE("x")' })).toEqual({ problem: 'importFormula' })
    expect(cell({ sharedFormula: 'A2' })).toEqual({ problem: 'importFormula' })
    expect(cell({ formula: 'A1', result: null })).toEqual({ problem: 'importFormula' })
    expect(cell({ formula: '1/0', result: { error: '#DIV/0!' } })).toEqual({
      problem: 'importCellError',
    })
    expect(cell({ formula: 'A1', result: { richText: [] } })).toEqual({
      problem: 'importFormula',
    })
  })

  it('joins rich text runs, a run without text adding nothing', () => {
    expect(
      cell({ richText: [{ text: '常州' }, {}, { text: '精锻', font: { bold: true } }] }),
    ).toEqual({ value: '常州精锻' })
    expect(cell({ richText: [{ text: 5 }] })).toEqual({ value: '5' })
    expect(cell({ richText: [] })).toEqual({ value: '' })
  })

  it('reads the text of a hyperlink cell', () => {
    expect(cell({ text: 'Acme', hyperlink: 'http://acme.example' })).toEqual({ value: 'Acme' })
    expect(cell({ text: { richText: [{ text: 'A' }, { text: 'B' }] }, hyperlink: 'x' })).toEqual({
      value: 'AB',
    })
    expect(cell({ text: null, hyperlink: 'x' })).toEqual({})
  })
})

describe('fieldInput: a cell value as the contract input of its column type', () => {
  const input = (type: Parameters<typeof fieldInput>[2], v: unknown, kind = 'Order', field = 'X') =>
    fieldInput(kind, field, type, v as Parameters<typeof fieldInput>[3])

  it('reads blank cells and whitespace as no value, and trims text', () => {
    expect(input('text', undefined)).toBeUndefined()
    expect(input('text', '')).toBeUndefined()
    expect(input('text', ' \t ')).toBeUndefined()
    expect(input('int', '   ')).toBeUndefined()
    expect(input('text', '  Acme ')).toBe('Acme')
    // the escape an older export added comes off before the text is used
    expect(input('text', "'=HYPERLINK(1)")).toBe('=HYPERLINK(1)')
    expect(input('text', "'plain")).toBe("'plain")
    // text in a number column is left for the schema to judge
    expect(input('int', ' 12 ')).toBe('12')
  })

  it('reads yes/no in both languages and any case, other text left for the schema', () => {
    for (const s of ['true', 'TRUE', '1', 'Yes', 'y', 'Y', '是', '√'])
      expect(input('bool', s), s).toBe(true)
    for (const s of ['false', 'False', '0', 'NO', 'n', 'N', '否', '×'])
      expect(input('bool', s), s).toBe(false)
    expect(input('bool', 'maybe')).toBe('maybe')
    expect(input('bool', ' 是 ')).toBe(true)
    expect(input('bool', true)).toBe(true)
    expect(input('bool', false)).toBe(false)
    expect(input('bool', 1)).toBe(1)
  })

  it('reads a coded choice from its Chinese or English label (any case), other text left as it is', () => {
    expect(input('choice', '客供料', 'Order', 'Workshop')).toBe(1)
    expect(input('choice', '自购料', 'Order', 'Workshop')).toBe(2)
    expect(input('choice', 'self-PURCHASED', 'Order', 'Workshop')).toBe(2)
    expect(input('choice', 'Customer-supplied', 'Order', 'Workshop')).toBe(1)
    expect(input('choice', '出库', 'Warehouse', 'Direction')).toBe(2)
    expect(input('choice', 'Receivable', 'Finance', 'EntryType')).toBe(1)
    expect(input('choice', 'other', 'Order', 'Workshop')).toBe('other')
    // the code itself, or a column without choices, passes on
    expect(input('choice', 2, 'Order', 'Workshop')).toBe(2)
    expect(input('choice', '2', 'Order', 'Workshop')).toBe('2')
    expect(input('choice', '客供料', 'Order', 'Remark')).toBe('客供料')
    // only a choice column reads labels
    expect(input('text', '客供料', 'Order', 'Workshop')).toBe('客供料')
  })

  it('reads an area from its names, codes as they are', () => {
    expect(input('area', '广东省/深圳市/南山区')).toBe('440000,440300,440305')
    expect(input('area', ' 440000,440300 ')).toBe('440000,440300')
    expect(input('area', 'nowhere')).toBe('nowhere')
  })

  it('reads dates as a day at midnight UTC and as an ISO time otherwise, refused in number columns', () => {
    const at = (...p: number[]) => new Date(Date.UTC(2025, 0, 1, ...p))
    expect(input('date', at())).toBe('2025-01-01')
    expect(input('time', at())).toBe('2025-01-01')
    expect(input('text', at())).toBe('2025-01-01')
    expect(input('date', at(8))).toBe('2025-01-01T08:00:00.000Z')
    // any part of the time of day, alone or in pairs that would cancel out, keeps the time
    for (const [h, m, s, ms] of [
      [0, 1, 0, 0],
      [0, 0, 1, 0],
      [0, 0, 0, 500],
      [1, 1, 0, 0],
      [0, 1, 1, 0],
      [0, 0, 1, 1],
    ] as const)
      expect(input('date', at(h, m, s, ms))).toBe(at(h, m, s, ms).toISOString())
    expect(input('date', new Date(Number.NaN))).toBe('invalid')
    expect(input('int', at())).toBe('invalid')
    expect(input('number', at())).toBe('invalid')
  })

  it('reads numbers as numbers, as text in text columns and as days in date columns (1900 serials)', () => {
    expect(input('int', 12)).toBe(12)
    expect(input('number', 0)).toBe(0)
    expect(input('choice', 1)).toBe(1)
    expect(input('text', 12.5)).toBe('12.5')
    expect(input('text', 0)).toBe('0')
    expect(input('date', 45658)).toBe('2025-01-01')
    expect(input('date', 25569)).toBe('1970-01-01')
    expect(input('time', 45658.5)).toBe('2025-01-01T12:00:00.000Z')
    // a time of day saved as a fraction of a day reads as its whole second (00:02 is 1.99999 min in binary)
    expect(input('time', 45658.001388888886)).toBe('2025-01-01T00:02:00.000Z')
    expect(input('date', Number.NaN)).toBe('invalid')
  })

  it('reads booleans as text in text columns only', () => {
    expect(input('text', true)).toBe('true')
    expect(input('text', false)).toBe('false')
    expect(input('int', true)).toBe(true)
    expect(input('date', false)).toBe(false)
  })
})
