/**
 * A product or news body in a small, safe markdown subset (issue 14): blocks separated by a
 * blank line; a block starting `## ` is a heading, lines starting `- ` are a list, anything else
 * a paragraph (single line breaks kept). Everything is rendered as React text: no HTML passes.
 */
export function RichText({ text }: { text: string }) {
  const blocks = text
    .split(/\n\s*\n/)
    .map((b) => b.trim())
    .filter(Boolean)
  return (
    <>
      {blocks.map((b, i) => {
        if (/^#{1,3} /.test(b) && !b.includes('\n')) return <h2 key={i}>{b.replace(/^#{1,3} /, '')}</h2>
        const lines = b.split('\n').map((l) => l.trim())
        if (lines.every((l) => /^[-*] /.test(l)))
          return (
            <ul key={i}>
              {lines.map((l, j) => (
                <li key={j}>{l.slice(2)}</li>
              ))}
            </ul>
          )
        return (
          <p key={i}>
            {lines.map((l, j) => (
              <span key={j}>
                {j > 0 ? <br /> : null}
                {l}
              </span>
            ))}
          </p>
        )
      })}
    </>
  )
}
