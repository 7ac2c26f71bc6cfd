import type { Page } from 'playwright-core'

/**
 * Interactive elements on screen smaller than 44x44 CSS px (WCAG 2.5.5), as
 * "selector WxH" lines. Links inside running text are exempt (2.5.5's inline exception), and so
 * are controls that a larger box around them answers for (a checkbox inside its label).
 */
// plain JavaScript run in the page (a TS function would carry the test runner's helpers along)
const inPage = `(() => {
    const selector = 'a[href], button, input:not([type=hidden]), select, textarea, [role=button], [role=switch], [role=tab], [role=menuitem], [tabindex="0"]'
    const out = []
    const describe = (el) => {
      const cls = typeof el.className === 'string' && el.className.trim() ? \`.\${el.className.trim().split(/\\s+/).slice(0, 2).join('.')}\` : ''
      const id = el.getAttribute('data-testid') ?? el.getAttribute('name') ?? el.getAttribute('aria-label') ?? (el.textContent ?? '').trim().slice(0, 20)
      return \`\${el.tagName.toLowerCase()}\${cls}[\${id}]\`
    }
    for (const el of document.querySelectorAll(selector)) {
      const box = el.getBoundingClientRect()
      if (box.width === 0 || box.height === 0) continue
      const style = getComputedStyle(el)
      if (style.visibility === 'hidden' || style.display === 'none' || el.closest('[aria-hidden="true"], [inert]')) continue
      if (box.bottom <= 0 || box.top > innerHeight * 20) continue
      // a link in a sentence is sized by the text around it
      if (el.tagName === 'A' && style.display === 'inline' && el.parentElement && /^(P|LI|SPAN|DD|TD)$/.test(el.parentElement.tagName) && (el.parentElement.textContent ?? '').trim().length > (el.textContent ?? '').trim().length) continue
      const label = el.closest('label')
      const target = label && label !== el ? label.getBoundingClientRect() : box
      // visually hidden (skip links before they get the focus, screen-reader-only text)
      if (box.width <= 1 && box.height <= 1) continue
      if (Math.round(target.width) < 44 || Math.round(target.height) < 44) out.push(\`\${describe(el)} \${Math.round(target.width)}x\${Math.round(target.height)}\`)
    }
    return out
})()`

export function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(inPage) as Promise<string[]>
}
