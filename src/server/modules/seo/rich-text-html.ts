import { renderRichText } from '#shared/rich-text'
import { raw, type Html } from './html-template.ts'

/**
 * A product or news body as HTML (src/shared/rich-text.ts: markdown-it, raw HTML off, links
 * checked) in the frame rich-text.tsx gives the API's `BodyHtml`: the same markup on both sides.
 */
export const richText = (text: string): Html =>
  raw(`<div class="rich-text">${renderRichText(text)}</div>`)
