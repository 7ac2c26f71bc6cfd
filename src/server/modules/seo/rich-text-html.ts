import { parseRichText, type RichBlock } from '#shared/rich-text'
import { html, joinHtml, type Html } from './html-template.ts'

const block = (b: RichBlock): Html => {
  if (b.kind === 'heading') return html`<h2>${b.text}</h2>`
  if (b.kind === 'list')
    return html`<ul>
      ${b.items.map((item) => html`<li>${item}</li>`)}
    </ul>`
  return html`<p>${b.lines.map((l, j) => html`<span>${j > 0 && html`<br />`}${l}</span>`)}</p>`
}

/** A product or news body in the shared markdown subset (src/shared/rich-text.ts) as HTML, as rich-text.tsx renders it. */
export const richText = (text: string): Html => joinHtml(parseRichText(text).map(block))
