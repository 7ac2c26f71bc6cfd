import { describe, expect, it } from 'vitest'
import { packStaffManifest } from '../../scripts/vite-chunk-graph.ts'

const gridFiles = ['assets/grid-screen-a.js', 'assets/grid-cell-b.js', 'assets/grid-c.css']
const staff = {
  shell: ['assets/_staff-x.js'],
  routes: {
    '/order/order': [...gridFiles, 'assets/order-1.js'],
    '/ship/ship': [...gridFiles, 'assets/ship-2.js'],
    '/system/user': ['assets/user-3.js', 'assets/grid-cell-b.js'],
    '/workbench': [],
  },
}
/** What the worker reads back (src/client/app/sw-staff.ts): a page's files are its groups' files. */
const unpack = (p: ReturnType<typeof packStaffManifest>, page: string) =>
  (p.routes[page] ?? []).flatMap((g) => p.groups[g]!).sort()

describe('the staff manifest in the worker script', () => {
  it('gives every page exactly its files back, and writes each file once', () => {
    const packed = packStaffManifest(staff)
    for (const [page, files] of Object.entries(staff.routes))
      expect(unpack(packed, page)).toEqual([...files].sort())
    const all = packed.groups.flat()
    expect(all.length).toBe(new Set(all).size)
    expect(new Set(all)).toEqual(new Set(Object.values(staff.routes).flat()))
    expect(packed.shell).toEqual(staff.shell)
    // the grid's shared files are one group, named by both grid pages
    const shared = packed.groups.findIndex((g) => g.includes('assets/grid-screen-a.js'))
    expect(packed.groups[shared]).toEqual(['assets/grid-screen-a.js', 'assets/grid-c.css'])
    expect(packed.routes['/order/order']).toContain(shared)
    expect(packed.routes['/ship/ship']).toContain(shared)
  })
})
