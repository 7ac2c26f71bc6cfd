import { describe, expect, it, vi } from 'vitest'
import { focusFirstError } from '#client/components/form/focus-first-error'

/** jsdom has no layout: scrollIntoView is recorded, not performed */
function form(html: string) {
  const root = document.createElement('form')
  root.innerHTML = html
  document.body.replaceChildren(root)
  const scrolled: Element[] = []
  Element.prototype.scrollIntoView = vi.fn(function (this: Element) {
    scrolled.push(this)
  })
  return { root, scrolled }
}

describe('focusFirstError', () => {
  it('focuses the input of the first field in error in document order and scrolls its field into view', () => {
    const { root, scrolled } = form(`
      <div class="grid-form-row"><label>A</label><input name="A"></div>
      <div class="grid-form-row has-error"><label>B <button type="button">Translate</button></label><input name="B"></div>
      <label>C <input name="C"><span class="sys-error">bad</span></label>`)
    const got = focusFirstError(root)
    expect(got?.getAttribute('name')).toBe('B')
    expect(document.activeElement?.getAttribute('name')).toBe('B')
    expect(scrolled).toEqual([root.querySelector('.has-error')])
  })

  it('finds a staff form message, an antd-mobile item, an invalid input; answers null with no error', () => {
    expect(
      focusFirstError(
        form(`<label>C <input name="C"><span class="sys-error">bad</span></label>`).root,
      )?.getAttribute('name'),
    ).toBe('C')
    expect(
      focusFirstError(
        form(
          `<div class="adm-form-item adm-form-item-has-error"><textarea name="T"></textarea></div>`,
        ).root,
      )?.getAttribute('name'),
    ).toBe('T')
    expect(
      focusFirstError(
        form(`<input name="X"><input name="Y" aria-invalid="true">`).root,
      )?.getAttribute('name'),
    ).toBe('Y')
    expect(focusFirstError(form(`<input name="Z">`).root)).toBeNull()
  })
})
