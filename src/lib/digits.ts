/** An integer with a comma between each group of three digits (`1048576` → `1,048,576`), as
 * toLocaleString('en-US') writes it but without the engine's locale data. The one copy: pages and
 * tools import it rather than restating the pattern. */
export const groupThousands = (n: number): string => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
