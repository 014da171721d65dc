// Positions in error messages are 1-based and count characters as a person sees them
// (CONTRACT.md §1): a surrogate pair (an emoji) is one character, a lone surrogate also one.

/** 1-based position in code points of the UTF-16 index `index` of `text`. */
export function characterPosition(text: string, index: number): number {
  let position = 1;
  for (let i = 0; i < index; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < index) {
      const d = text.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) i++;
    }
    position++;
  }
  return position;
}
