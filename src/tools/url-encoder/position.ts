/** 1-based position in characters (code points) of UTF-16 index `index`, for error messages. */
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
