import { describe, expect, it } from 'vitest'
import { parseRichText } from '#shared/rich-text'

describe('parseRichText (issue 14)', () => {
  it('splits blocks at blank lines (also ones holding spaces) and drops empty blocks', () => {
    expect(parseRichText('one\n\ntwo\n \t\nthree')).toEqual([
      { kind: 'paragraph', lines: ['one'] },
      { kind: 'paragraph', lines: ['two'] },
      { kind: 'paragraph', lines: ['three'] },
    ])
    expect(parseRichText('\n\n  \n\n')).toEqual([])
    expect(parseRichText('')).toEqual([])
  })

  it('a one-line block starting with one to three # and a space is a heading', () => {
    expect(parseRichText('# 一')).toEqual([{ kind: 'heading', text: '一' }])
    expect(parseRichText('  ### Three  ')).toEqual([{ kind: 'heading', text: 'Three' }])
    expect(parseRichText('## a # b')).toEqual([{ kind: 'heading', text: 'a # b' }])
    // four #, no space, or a second line: a paragraph
    expect(parseRichText('#### Four')).toEqual([{ kind: 'paragraph', lines: ['#### Four'] }])
    expect(parseRichText('#tag')).toEqual([{ kind: 'paragraph', lines: ['#tag'] }])
    expect(parseRichText('x # y')).toEqual([{ kind: 'paragraph', lines: ['x # y'] }])
    expect(parseRichText('# Title\nmore')).toEqual([
      { kind: 'paragraph', lines: ['# Title', 'more'] },
    ])
  })

  it('a block whose lines all start with "- " or "* " is a list', () => {
    expect(parseRichText('- a\n  * b  \n- c d')).toEqual([
      { kind: 'list', items: ['a', 'b', 'c d'] },
    ])
    expect(parseRichText('- a\nb')).toEqual([{ kind: 'paragraph', lines: ['- a', 'b'] }])
    expect(parseRichText('-a')).toEqual([{ kind: 'paragraph', lines: ['-a'] }])
    expect(parseRichText('x - a')).toEqual([{ kind: 'paragraph', lines: ['x - a'] }])
  })

  it('keeps the lines of a paragraph, trimmed', () => {
    expect(parseRichText('  first  \n second')).toEqual([
      { kind: 'paragraph', lines: ['first', 'second'] },
    ])
  })
})
