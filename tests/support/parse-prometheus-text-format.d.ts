// The parser has no types of its own; its output, as prom2json writes it, is what the tests read.
declare module 'parse-prometheus-text-format' {
  export default function parsePrometheusTextFormat(text: string): unknown[];
}
