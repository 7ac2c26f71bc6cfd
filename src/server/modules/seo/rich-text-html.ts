import { parseRichText, type RichBlock } from '#shared/rich-text'
import { markup, joinHtml, type Html } from './html-template.ts'

const block = (b: RichBlock): Html => {
  if (b.kind === 'heading') return markup`<h2>${b.text}</h2>`
  if (b.kind === 'list') return markup`<ul>${b.items.map((item) => markup`<li>${item}</li>`)}</ul>`
  return markup`<p>${b.lines.map((l, j) => markup`<span>${j > 0 && markup`<br>`}${l}</span>`)}</p>`
}

/** A product or news body in the shared markdown subset (src/shared/rich-text.ts) as HTML, as rich-text.tsx renders it. */
export const richText = (text: string): Html => joinHtml(parseRichText(text).map(block))
