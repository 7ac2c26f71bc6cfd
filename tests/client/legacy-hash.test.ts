import { describe, expect, it } from 'vitest'
import { rewriteLegacyHash } from '#client/app/legacy-hash'

describe('old hash links', () => {
  it('moves #/path?query into the path', () => {
    history.replaceState(null, '', '/#/order/order?id=7&orderId=FL2026-0007')
    rewriteLegacyHash()
    expect(location.pathname + location.search).toBe('/order/order?id=7&orderId=FL2026-0007')
    expect(location.hash).toBe('')
  })

  it('leaves ordinary anchors alone', () => {
    history.replaceState(null, '', '/aboutus#history')
    rewriteLegacyHash()
    expect(location.pathname + location.hash).toBe('/aboutus#history')
  })
})
