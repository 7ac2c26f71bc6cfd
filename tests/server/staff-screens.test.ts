import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { componentKeys, staffScreens } from '#shared/staff-screens'
import { staffMenu } from '#shared/staff-menu'

const routesDir = path.resolve(import.meta.dirname, '../../src/client/routes/_staff')

/** The staff pages of the client: one file route each under routes/_staff (`[index]` is `index`). */
function clientScreens(dir = routesDir, prefix = ''): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    if (e.isDirectory()) return clientScreens(path.join(dir, e.name), `${prefix}/${e.name}`)
    // `$.tsx` is a folder's not-found page for unknown addresses, not a screen
    if (!e.name.endsWith('.tsx') || e.name === '$.tsx') return []
    return [`${prefix}/${e.name.replace(/\.tsx$/, '').replace(/^\[(\w+)\]$/, '$1')}`]
  })
}

describe('shared staff screens', () => {
  it('are exactly the file routes of the client staff area', () => {
    expect([...staffScreens].sort()).toEqual(clientScreens().sort())
  })

  it('cover every page and component of the seeded menu', () => {
    const walk = (items: typeof staffMenu): void =>
      items.forEach((i) => {
        expect(componentKeys, i.path).toContain(i.component)
        if (i.component !== 'Layout')
          expect(staffScreens as readonly string[], i.path).toContain(i.path)
        walk(i.children ?? [])
      })
    walk(staffMenu)
  })
})
