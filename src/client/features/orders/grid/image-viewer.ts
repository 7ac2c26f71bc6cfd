import { i18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import './image-viewer.css'

/**
 * A full-screen picture viewer (SPEC §2 image cells "with zoom"): a click or tap on the
 * picture zooms it to its natural size and back (scroll or drag to move around; phones can
 * also pinch), arrows and swipes-by-buttons go through the cell's pictures, Escape or the close
 * button ends it and gives the focus back. Plain DOM, loaded only when a picture is opened, so
 * the grid's chunk stays small (antd-mobile's ImageViewer would bring its gesture library).
 */
export function showImages(urls: string[], index: number) {
  const opener = document.activeElement as HTMLElement | null
  let at = index
  const box = document.createElement('div')
  box.className = 'image-viewer'
  box.setAttribute('role', 'dialog')
  box.setAttribute('aria-modal', 'true')
  box.setAttribute('aria-label', i18n._(msg`Picture viewer`))
  box.dataset.testid = 'image-viewer'
  const stage = document.createElement('div')
  stage.className = 'image-viewer-stage'
  const img = document.createElement('img')
  img.alt = ''
  stage.append(img)
  const button = (text: string, label: string, cls: string, onClick: () => void) => {
    const b = document.createElement('button')
    b.type = 'button'
    b.className = cls
    b.textContent = text
    b.setAttribute('aria-label', label)
    b.addEventListener('click', onClick)
    return b
  }
  const show = () => {
    img.src = urls[at]!
    box.classList.remove('is-zoomed')
    count.textContent = urls.length > 1 ? `${at + 1} / ${urls.length}` : ''
  }
  const close = () => {
    box.remove()
    document.removeEventListener('keydown', onKey, true)
    opener?.focus()
  }
  const step = (d: number) => {
    at = (at + d + urls.length) % urls.length
    show()
  }
  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'Escape') close()
    else if (e.key === 'ArrowRight' && urls.length > 1) step(1)
    else if (e.key === 'ArrowLeft' && urls.length > 1) step(-1)
    else return
    e.preventDefault()
    e.stopPropagation()
  }
  const count = document.createElement('span')
  count.className = 'image-viewer-count'
  img.addEventListener('click', () => box.classList.toggle('is-zoomed'))
  const closer = button('×', i18n._(msg`Close`), 'image-viewer-close', close)
  box.append(stage, count, closer)
  if (urls.length > 1) {
    box.append(button('‹', i18n._(msg`Previous picture`), 'image-viewer-prev', () => step(-1)))
    box.append(button('›', i18n._(msg`Next picture`), 'image-viewer-next', () => step(1)))
  }
  document.addEventListener('keydown', onKey, true)
  document.body.append(box)
  show()
  closer.focus()
}
