import { describe, expect, it } from 'vitest'
import { ApiError } from '#client/lib/http'
import { clashesOf } from '#client/lib/clashes-of'
import { retryWrite, writeOutcome, writeRetries, writeRetryDelay } from '#client/lib/write-outcome'

const conflict = {
  Id: 7,
  field: 'Remark',
  base: 'a',
  current: 'office',
  currentBy: '王丽',
  currentAt: '2026-12-07T10:42:00Z',
  mine: 'floor',
  currentVersion: 4,
}

describe("what a write's answer means", () => {
  it('maps every answer of the table to its action', () => {
    const rows: [unknown, string][] = [
      [null, 'done'],
      [new ApiError(400, 'bad', { 'postData.updateRecords.0.Quantity': 'number' }), 'fieldErrors'],
      [new ApiError(400, 'bad'), 'failed'],
      [new ApiError(403, 'You may not delete orders'), 'refused'],
      [new ApiError(409, 'changed', undefined, '/x', { conflicts: [conflict] }), 'clash'],
      [new ApiError(409, 'key used with another body'), 'keyReused'],
      [new ApiError(502, 'bad gateway'), 'retry'],
      [new ApiError(503, 'unavailable'), 'retry'],
      [new ApiError(504, 'timeout'), 'retry'],
      [new ApiError(507, 'storage full'), 'retry'],
      [new TypeError('Failed to fetch'), 'retry'],
      [Object.assign(new Error('late'), { name: 'TimeoutError' }), 'retry'],
      [new ApiError(500, 'business failure'), 'failed'],
      [new ApiError(404, 'gone'), 'failed'],
    ]
    for (const [error, action] of rows)
      expect([error, writeOutcome(error)]).toEqual([error, action])
  })

  it('reads the clashing fields of a 409 only when it carries data.conflicts', () => {
    expect(clashesOf(new ApiError(409, 'x', undefined, '/x', { conflicts: [conflict] }))).toEqual([
      conflict,
    ])
    expect(clashesOf(new ApiError(409, 'reused key'))).toBeNull()
    expect(clashesOf(new ApiError(400, 'x', undefined, '/x', { conflicts: [conflict] }))).toBeNull()
  })

  it('retries only "not now" answers and lost ones, a bounded number of times, with growing waits', () => {
    expect(retryWrite(0, new TypeError('Failed to fetch'))).toBe(true)
    expect(retryWrite(1, new ApiError(503, 'x'))).toBe(true)
    expect(retryWrite(writeRetries, new ApiError(503, 'x'))).toBe(false)
    expect(retryWrite(0, new ApiError(403, 'x'))).toBe(false)
    expect(retryWrite(0, new ApiError(409, 'x'))).toBe(false)
    expect(retryWrite(0, new ApiError(400, 'x', { a: 'b' }))).toBe(false)
    const mid = () => 0.5
    expect([1, 2, 3, 4, 10].map((n) => writeRetryDelay(n, mid))).toEqual([
      1000, 2000, 4000, 8000, 30000,
    ])
  })
})
