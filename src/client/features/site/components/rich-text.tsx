import { parseRichText, type RichBlock } from '#shared/rich-text'

function Block({ block }: { block: RichBlock }) {
  if (block.kind === 'heading') return <h2>{block.text}</h2>
  if (block.kind === 'list')
    return (
      <ul>
        {block.items.map((item, j) => (
          <li key={j}>{item}</li>
        ))}
      </ul>
    )
  return (
    <p>
      {block.lines.map((l, j) => (
        <span key={j}>
          {j > 0 ? <br /> : null}
          {l}
        </span>
      ))}
    </p>
  )
}

/**
 * A product or news body in the small, safe markdown subset parsed by src/shared/rich-text.ts
 * (the server renders the same blocks as HTML). Everything is React text: no HTML passes.
 */
export function RichText({ text }: { text: string }) {
  return (
    <>
      {parseRichText(text).map((b, i) => (
        <Block key={i} block={b} />
      ))}
    </>
  )
}
