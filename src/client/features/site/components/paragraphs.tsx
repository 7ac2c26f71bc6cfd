/** Plain text with blank-line-separated paragraphs, rendered as <p> elements (no HTML injection). */
export function Paragraphs({ text }: { text: string }) {
  return (
    <>
      {text
        .split(/\n\s*\n/)
        .map((p) => p.trim())
        .filter(Boolean)
        .map((p, i) => (
          <p key={i}>{p}</p>
        ))}
    </>
  )
}

export const firstParagraph = (text: string) => text.split(/\n\s*\n/)[0]?.trim() ?? ''
