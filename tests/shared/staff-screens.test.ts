import { describe, expect, it } from 'vitest'
import { componentKeys, componentOf, isStaffScreen, staffScreens } from '#shared/staff-screens'

describe('staff screens (DESIGN §3)', () => {
  it("a screen's component key is its path without the leading slash", () => {
    expect(componentOf('/admin/lunbo')).toBe('admin/lunbo')
    expect(componentKeys[0]).toBe('Layout')
    expect(componentKeys).toContain('system/log')
    expect(componentKeys).toHaveLength(staffScreens.length + 1)
  })
  it('knows only the listed screens', () => {
    expect(isStaffScreen('/order/order')).toBe(true)
    expect(isStaffScreen('/setting/personalCenter')).toBe(true)
    expect(isStaffScreen('/order')).toBe(false)
    expect(isStaffScreen('order/order')).toBe(false)
    expect(isStaffScreen('')).toBe(false)
  })
})
