import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import {
  auditRecord,
  gridBool,
  gridDate,
  gridDay,
  gridGetResponse,
  gridListResponse,
  gridPrice,
  gridPriceSign,
  gridQuantity,
  gridText,
  hasAtMost3Decimals,
  isGridErrorCode,
  lineTotal,
  orderNoField,
  recordId,
  shownGridRow,
} from '#shared/contract/grid-fields'
import { isEmptyRequired, requiredFieldsOf } from '#shared/contract/grid-required'
import { importKeyOf } from '#shared/contract/grid-excel'
import { gridFiles, parseGridFiles } from '#shared/contract/grid-files'
import { areaCodeList, gridArea } from '#shared/contract/grid-area'
import { isColumnPrefsErrorCode, saveColumnPrefsBody } from '#shared/contract/column-prefs'

type Parsed = { success: boolean; data?: unknown; error?: { issues: { message: string }[] } }
const issue = (r: Parsed) => (r.success ? undefined : r.error?.issues[0]?.message)
const value = (r: Parsed) => (r.success ? r.data : `refused: ${issue(r)}`)

describe('grid cells (SPEC §5)', () => {
  it('a quantity: an empty cell is not given; numeric text is a number', () => {
    expect(value(gridQuantity.safeParse(null))).toBeUndefined()
    expect(value(gridQuantity.safeParse(''))).toBeUndefined()
    expect(value(gridQuantity.safeParse('  '))).toBeUndefined()
    expect(value(gridQuantity.safeParse(' 12 '))).toBe(12)
    expect(value(gridQuantity.safeParse(0))).toBe(0)
    expect(value(gridQuantity.safeParse(1_000_000_000))).toBe(1_000_000_000)
    expect(issue(gridQuantity.safeParse('x'))).toBe('number')
    expect(issue(gridQuantity.safeParse(1.5))).toBe('integer')
    expect(issue(gridQuantity.safeParse(-1))).toBe('nonNegative')
    expect(issue(gridQuantity.safeParse(1_000_000_001))).toBe('tooLarge')
    expect(issue(gridQuantity.safeParse(true))).toBe('number')
  })

  it('a price: at most 3 decimals', () => {
    expect(value(gridPrice.safeParse('1.125'))).toBe(1.125)
    expect(value(gridPrice.safeParse(0.1 + 0.2))).toBeCloseTo(0.3)
    expect(issue(gridPrice.safeParse('1.1255'))).toBe('decimals3')
    expect(issue(gridPrice.safeParse(-0.5))).toBe('nonNegative')
    expect(hasAtMost3Decimals(2.001)).toBe(true)
    expect(hasAtMost3Decimals(2.0005)).toBe(false)
    expect(hasAtMost3Decimals(2.0009)).toBe(false)
    expect(hasAtMost3Decimals(123456.789)).toBe(true)
    // the tolerance is below a millionth of a thousandth, not at it
    expect(hasAtMost3Decimals(1e-6 / 1000)).toBe(false)
  })

  it('a line total is quantity x price on whole thousandths', () => {
    expect(lineTotal(3, 1.125)).toBe(3.375)
    expect(lineTotal(3, 0.1)).toBe(0.3)
    expect(lineTotal(2, 0.0005)).toBe(0.002)
    expect(lineTotal(0, 5)).toBe(0)
    expect(lineTotal(1, 2.5)).toBe(2.5)
  })

  it('a text cell: null is not given; trimmed; at most max', () => {
    expect(value(gridText(3).safeParse(null))).toBeUndefined()
    expect(value(gridText(3).safeParse(' ab '))).toBe('ab')
    expect(value(gridText(3).safeParse(''))).toBe('')
    expect(issue(gridText(3).safeParse('abcd'))).toBe('tooLong')
  })

  it('a price sign: empty is ¥', () => {
    expect(value(gridPriceSign.safeParse(null))).toBe('¥')
    expect(value(gridPriceSign.safeParse(''))).toBe('¥')
    expect(value(gridPriceSign.safeParse(' $ '))).toBe('$')
    expect(value(gridPriceSign.safeParse(undefined))).toBeUndefined()
    expect(issue(gridPriceSign.safeParse('123456789'))).toBe('tooLong')
  })

  it('a yes/no cell reads true, 1, 是 and false, 0, 否, ""', () => {
    for (const v of [true, 'true', '1', 1, '是'])
      expect(value(gridBool.safeParse(v)), `${v}`).toBe(true)
    for (const v of [false, 'false', '0', 0, '否', ''])
      expect(value(gridBool.safeParse(v)), `${v}`).toBe(false)
    expect(value(gridBool.safeParse(null))).toBeUndefined()
    expect(value(gridBool.safeParse(undefined))).toBeUndefined()
    expect(gridBool.safeParse('yes').success).toBe(false)
    expect(gridBool.safeParse(2).success).toBe(false)
  })

  it('a date: a bare day is midnight UTC, a date-time is stored as ISO, empty clears', () => {
    expect(value(gridDate.safeParse('2026-03-04'))).toBe('2026-03-04T00:00:00.000Z')
    expect(value(gridDate.safeParse(' 2026-03-04T10:20:30+08:00 '))).toBe(
      '2026-03-04T02:20:30.000Z',
    )
    expect(value(gridDate.safeParse('2026/03/04 10:00Z'))).toBe('2026-03-04T10:00:00.000Z')
    expect(value(gridDate.safeParse('x2026-03-04 00:00Z'))).toBe('refused: date')
    expect(value(gridDate.safeParse('2026-03-04 10:00Z'))).toBe('2026-03-04T10:00:00.000Z')
    // an expanded year (+YYYYYY) ends in a bare day too: stored as ISO all the same
    expect(value(gridDate.safeParse('+002026-03-04'))).toBe('2026-03-04T00:00:00.000Z')
    expect(value(gridDate.safeParse(''))).toBe('')
    expect(value(gridDate.safeParse('  '))).toBe('')
    expect(value(gridDate.safeParse(null))).toBeUndefined()
    expect(issue(gridDate.safeParse('not a date'))).toBe('date')
  })

  it('a day that does not exist is refused, not rolled over into the next month', () => {
    for (const v of [
      '2026-02-30',
      '2026-02-29',
      '2026-04-31',
      '2026-01-00',
      '2026/02/30 10:00Z',
      '2026-02-30T08:00:00Z',
      '2026-02-29 10:00',
      // wherever the day stands, whatever the year's width or sign
      'Mon 2026-02-30',
      'x 2026-02-30',
      '12026-02-30',
      '+002026-02-29',
      '-000001-02-29',
      // a year divisible by 100 but not by 400 has no 29 February
      '1900-02-29',
    ]) {
      expect(issue(gridDate.safeParse(v)), v).toBe('date')
      expect(issue(gridDay.safeParse(v)), v).toBe('date')
    }
    expect(value(gridDate.safeParse('2024-02-29'))).toBe('2024-02-29T00:00:00.000Z')
    expect(value(gridDay.safeParse('2024-02-29'))).toBe('2024-02-29')
    expect(value(gridDay.safeParse('2000-02-29'))).toBe('2000-02-29')
    // a date written in words has no day to check beyond what Date.parse reads
    expect(value(gridDate.safeParse('Mar 4 2026 10:00Z'))).toBe('2026-03-04T10:00:00.000Z')
    expect(value(gridDay.safeParse('2026-12-31'))).toBe('2026-12-31')
    expect(value(gridDay.safeParse('2026-01-31'))).toBe('2026-01-31')
    expect(value(gridDate.safeParse('2026/1/31 10:00Z'))).toBe('2026-01-31T10:00:00.000Z')
    expect(value(gridDate.safeParse('+002024-02-29'))).toBe('2024-02-29T00:00:00.000Z')
    expect(value(gridDay.safeParse('0000-02-29'))).toBe('0000-02-29')
    expect(value(gridDate.safeParse('Mon 2026-03-02 10:00Z'))).toBe('2026-03-02T10:00:00.000Z')
  })

  it('a day: YYYY-MM-DD kept, a date-time cut to its UTC day, required', () => {
    expect(value(gridDay.safeParse('2026-03-04'))).toBe('2026-03-04')
    expect(value(gridDay.safeParse(' 2026-03-04T23:30:00-02:00 '))).toBe('2026-03-05')
    expect(value(gridDay.safeParse('2026/03/04 10:00Z'))).toBe('2026-03-04')
    expect(value(gridDay.safeParse('2026-03-04 10:00Z'))).toBe('2026-03-04')
    expect(value(gridDay.safeParse('+002026-03-04'))).toBe('2026-03-04')
    expect(issue(gridDay.safeParse('soon'))).toBe('date')
    expect(gridDay.safeParse(null).success).toBe(false)
    expect(gridDay.safeParse('').success).toBe(false)
  })

  it('an order number is required and at most 50 characters', () => {
    expect(value(orderNoField.safeParse(' A-1 '))).toBe('A-1')
    expect(issue(orderNoField.safeParse(undefined))).toBe('orderNoRequired')
    expect(issue(orderNoField.safeParse(null))).toBe('orderNoRequired')
    expect(issue(orderNoField.safeParse('  '))).toBe('orderNoRequired')
    expect(issue(orderNoField.safeParse('x'.repeat(51)))).toBe('tooLong')
  })

  it('a record Id: a positive whole number, also as text', () => {
    expect(value(recordId.safeParse('7'))).toBe(7)
    expect(issue(recordId.safeParse(0))).toBe('recordNotFound')
    expect(issue(recordId.safeParse(''))).toBe('recordNotFound')
  })

  it('an audit: pass or reject; a rejection needs a comment', () => {
    expect(value(auditRecord.safeParse({ Id: 1, AuditStatus: '1' }))).toEqual({
      Id: 1,
      AuditStatus: 1,
      AuditComment: '',
    })
    expect(value(auditRecord.safeParse({ Id: 1, AuditStatus: -1, AuditComment: ' no ' }))).toEqual({
      Id: 1,
      AuditStatus: -1,
      AuditComment: 'no',
    })
    const r = auditRecord.safeParse({ Id: 1, AuditStatus: -1, AuditComment: null })
    expect(r.success).toBe(false)
    expect(r.error?.issues).toEqual([
      expect.objectContaining({ code: 'custom', path: ['AuditComment'], message: 'required' }),
    ])
    expect(auditRecord.safeParse({ Id: 1, AuditStatus: 0 }).success).toBe(false)
  })

  it('knows its own codes only', () => {
    expect(isGridErrorCode('decimals3')).toBe(true)
    expect(isGridErrorCode('area')).toBe(true)
    expect(isGridErrorCode('required')).toBe(false)
  })
})

describe('grid rows as sent (SPEC §6 hidden columns)', () => {
  const row = z.object({ Id: z.number().int(), Customer: z.string(), Quantity: z.number() })
  it('a row may lack any column but Id', () => {
    expect(shownGridRow(row).safeParse({ Id: 1 }).success).toBe(true)
    expect(shownGridRow(row).safeParse({ Customer: 'A' }).success).toBe(false)
    expect(shownGridRow(row).safeParse({ Id: 1, Quantity: 'x' }).success).toBe(false)
    const other = z.string()
    expect(shownGridRow(other)).toBe(other)
  })
  it('the list and get answers carry such rows', () => {
    const list = gridListResponse(row)
    const data = {
      result: [{ Id: 1 }],
      total: 1,
      totalCapped: true,
      pageKeys: { first: { key: 'A', id: 1 }, last: { key: null, id: 1 } },
    }
    expect(list.parse({ code: 200, msg: '', data })).toEqual({ code: 200, msg: '', data })
    expect(
      list.safeParse({ code: 200, msg: '', data: { ...data, totalCapped: 'yes' } }).success,
    ).toBe(false)
    expect(
      list.safeParse({
        code: 200,
        msg: '',
        data: { ...data, pageKeys: { first: { key: 'A', id: 0 }, last: { key: 'A', id: 1 } } },
      }).success,
    ).toBe(false)
    expect(list.safeParse({ code: 200, msg: '', data: { result: [{}], total: 1 } }).success).toBe(
      false,
    )
    const get = gridGetResponse(row)
    expect(get.safeParse({ code: 200, msg: '', data: { Id: 2 } }).success).toBe(true)
    expect(get.safeParse({ code: 200, msg: '', data: { Customer: 'A' } }).success).toBe(false)
  })
})

describe('required grid fields', () => {
  it('lists the fields of a kind, none for other kinds', () => {
    expect(requiredFieldsOf('Order')).toEqual(['OrderNo', 'Customer', 'PartName', 'Quantity'])
    expect(requiredFieldsOf('Nope')).toEqual([])
    expect(requiredFieldsOf('constructor')).toEqual([])
  })
  it('empty: missing, null or blank text; 0 and false are values', () => {
    for (const v of [undefined, null, '', '  ']) expect(isEmptyRequired(v), `${v}`).toBe(true)
    for (const v of [0, false, 'a', ' a ', []]) expect(isEmptyRequired(v), `${v}`).toBe(false)
  })
})

describe('grid files, areas, import keys and column prefs', () => {
  it('imports match orders by number and other records by Id', () => {
    expect(importKeyOf('Order')).toBe('OrderNo')
    expect(importKeyOf('Purchase')).toBe('Id')
  })

  const file = { name: 'a.png', url: '/uploads/2026-01/0123456789abcdef01234567.png' }
  it('a file cell: null removes the files; absent keeps them', () => {
    expect(value(gridFiles.safeParse(null))).toEqual([])
    expect(value(gridFiles.safeParse(undefined))).toBeUndefined()
    expect(value(gridFiles.safeParse([file]))).toEqual([file])
    expect(issue(gridFiles.safeParse([{ ...file, url: 'https://x.example/a.png' }]))).toBe(
      'fileUrl',
    )
  })
  it('reads stored files; anything unreadable is no files', () => {
    expect(parseGridFiles(JSON.stringify([file]))).toEqual([file])
    for (const v of [undefined, null, 5, '', '[]', '{', '[{"name":"a"}]', '"x"'])
      expect(parseGridFiles(v), String(v)).toEqual([])
    // only text is read: a value that merely turns into the JSON text is no files
    expect(parseGridFiles({ toString: () => JSON.stringify([file]) })).toEqual([])
  })
  it('an area: codes split at commas; null not given; two or three six-digit codes', () => {
    expect(areaCodeList('110000,110100')).toEqual(['110000', '110100'])
    expect(areaCodeList('')).toEqual([])
    expect(value(gridArea.safeParse(null))).toBeUndefined()
    expect(value(gridArea.safeParse(' 110000,110100 '))).toBe('110000,110100')
    expect(value(gridArea.safeParse(''))).toBe('')
    expect(issue(gridArea.safeParse('110000'))).toBe('area')
  })
  it('column prefs: a column at most once in a list', () => {
    const body = { grid: 'Order', order: ['A', 'B'], hidden: [] }
    expect(saveColumnPrefsBody.safeParse(body).success).toBe(true)
    expect(issue(saveColumnPrefsBody.safeParse({ ...body, hidden: ['A', 'A'] }))).toBe(
      'columnPrefsColumn',
    )
    expect(isColumnPrefsErrorCode('columnPrefsTooMany')).toBe(true)
    expect(isColumnPrefsErrorCode('tooLong')).toBe(false)
  })
})
