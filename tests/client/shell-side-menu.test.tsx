import { readFileSync } from 'node:fs'
import { screen } from '@testing-library/react'
import type { ReactNode } from 'react'
import { describe, expect, it, vi } from 'vitest'
import type { MenuItem } from '#shared/contract/menu'
import { ShellContext, type Shell } from '#client/features/shell/components/shell-context'
import { SideMenu } from '#client/features/shell/components/side-menu'
import { normalizeMenu } from '#client/features/shell/menu-tree'
import { renderInProviders } from './render-in-router.tsx'

// the menu links need a router; their own behaviour is tested elsewhere
vi.mock('#client/features/shell/components/menu-link', () => ({
  MenuLink: ({ path, children }: { path: string; children: ReactNode }) => (
    <a href={path}>{children}</a>
  ),
}))

const item = (path: string): MenuItem => ({
  path,
  name: path,
  component: path,
  hidden: false,
  alwaysShow: false,
  menuHidden: false,
  meta: { title: path },
})
const group = (path: string, size: number): MenuItem => ({
  ...item(path),
  component: 'Layout',
  alwaysShow: true,
  children: Array.from({ length: size }, (_, i) => item(`${path}/page${i + 1}`)),
})

function renderMenu(groups: MenuItem[], activePath = '/elsewhere') {
  const menu = normalizeMenu(groups)
  const shell = { menu, view: menu, activePath } as unknown as Shell
  renderInProviders(
    <ShellContext.Provider value={shell}>
      <SideMenu items={menu} />
    </ShellContext.Provider>,
  )
}
const groupButton = (path: string) =>
  screen.getByText(path, { selector: '.menu-group-title .menu-title' }).closest('button')!

describe('the side menu', () => {
  it('opens the groups /supplier, /order, /finance and /ship by default, and no other', () => {
    renderMenu(
      ['/supplier', '/order', '/finance', '/ship', '/system', '/production'].map((p) =>
        group(p, 2),
      ),
    )
    const open = ['/supplier', '/order', '/finance', '/ship', '/system', '/production'].filter(
      (p) => groupButton(p).getAttribute('aria-expanded') === 'true',
    )
    expect(open).toEqual(['/supplier', '/order', '/finance', '/ship'])
  })

  it('opens a closed group that holds the page shown', () => {
    renderMenu([group('/system', 2)], '/system/page2')
    expect(groupButton('/system').getAttribute('aria-expanded')).toBe('true')
  })

  it('lets a group of more than 18 children scroll at 86vh, not one of 18', () => {
    renderMenu([group('/supplier', 19), group('/order', 18)])
    const submenu = (path: string) => groupButton(path).parentElement!.querySelector('.submenu')!
    expect(submenu('/supplier').classList.contains('is-scrolling')).toBe(true)
    expect(submenu('/order').classList.contains('is-scrolling')).toBe(false)
    const css = readFileSync('src/client/features/shell/components/shell-menu.css', 'utf8')
    expect(css).toMatch(
      /\.submenu\.is-scrolling[^{]*\{[^}]*max-height: 86vh;[^}]*overflow-y: auto;/,
    )
  })
})
