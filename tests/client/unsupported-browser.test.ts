import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const root = path.resolve(import.meta.dirname, '../..')

describe('unsupported-browser warning', () => {
  it('is loaded only by browsers without modules and tells the visitor in both languages', () => {
    const html = fs.readFileSync(path.join(root, 'index.html'), 'utf8')
    expect(html).toMatch(/<script nomodule src="\/unsupported.js"><\/script>/)
    const script = fs.readFileSync(path.join(root, 'public/unsupported.js'), 'utf8')
    // an old browser: plain ES5 function call, no module syntax
    expect(script).not.toMatch(/\b(let|const|import|export)\b|=>/)
    new Function(script)()
    const alert = document.querySelector('[role=alert]')
    expect(alert?.textContent).toContain('您的浏览器版本过旧')
    expect(alert?.textContent).toContain('Your browser is too old')
  })
})
