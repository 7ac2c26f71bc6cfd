/**
 * A product or news body as the server rendered it (`BodyHtml`/`BodyEnHtml` of the public API:
 * src/shared/rich-text.ts, markdown-it with raw HTML off and links checked), the same HTML the
 * server puts in its pages. The public pages do not carry the markdown library themselves
 * (their weight budget, scripts/vite-budget.ts).
 */
export function RichText({ html }: { html: string }) {
  return <div className="rich-text" dangerouslySetInnerHTML={{ __html: html }} />
}
