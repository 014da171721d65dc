import { z } from 'zod';
import { pure } from '../pure';
import { EXTENDED_TARGETS, TARGETS } from './convert';

// The conventions are the converter's own list; the page takes them from here.
export { ALL_TARGETS, EXTENDED_TARGETS, TARGETS, type Target } from './convert';

/** The value of each field the request may leave out. */
export const DEFAULTS = { extended: false } as const;

export const Input = pure(() =>
  z.object({
    input: z
      .string()
      .min(1)
      .describe(
        'Identifier or phrase. Words are split on every character that is not a letter or digit (any script), ' +
          'on lower→upper and digit→upper changes, and before the last capital of an acronym (`XMLHttpRequest` → xml, http, request).',
      ),
    to: z
      .enum([...TARGETS, 'all', ...EXTENDED_TARGETS])
      .describe(
        'Target naming convention, or `all`: every convention at once in `outputs` (`output` then holds camelCase). ' +
          'Beyond the eleven of the specification: `path/case` (`get/http/response`), `Header-Case` and `Train-Case` ' +
          '(one convention under two names, the HTTP header style `Content-Type`) and `flatcase` (`gethttpresponse`). ' +
          'Input with line breaks (after trimming) converts line by line for every target: LF, CRLF and CR are kept as written, ' +
          'and a line without words stays an empty line.',
      ),
    extended: z
      .boolean()
      .default(DEFAULTS.extended)
      .describe(
        'With `to: "all"`: also the four conventions beyond the eleven (path/case, Header-Case, Train-Case, flatcase) in ' +
          '`outputs`, after the eleven. Off by default, so that `all` answers as it always has. Ignored for a single target.',
      ),
  }),
);

export const Output = pure(() =>
  z.object({
    output: z
      .string()
      .describe(
        'The words joined in the target convention (camelCase for `all`); acronyms are treated as ordinary words (`xmlHttpRequest`). Multi-line input: one converted line per input line.',
      ),
    outputs: z
      .object({
        ...(Object.fromEntries(
          TARGETS.map((target) => [target, z.string().describe(`The input in ${target}.`)]),
        ) as Record<(typeof TARGETS)[number], z.ZodString>),
        ...(Object.fromEntries(
          EXTENDED_TARGETS.map((target) => [
            target,
            z.string().optional().describe(`The input in ${target} (with \`extended\`).`),
          ]),
        ) as Record<(typeof EXTENDED_TARGETS)[number], z.ZodOptional<z.ZodString>>),
      })
      .optional()
      .describe(
        'Only for `to: "all"`: every one of the eleven conventions (name → converted text), in the order listed for `to`; ' +
          'with `extended`, the four others after them.',
      ),
    tokens: z.array(z.string()).describe('The words extracted from the input, in lower case.'),
    from_detected: z
      .enum([...TARGETS, 'mixed'])
      .describe(
        'Naming convention of the input: the first of the eleven conventions whose rule matches, in the order listed, else `mixed`. ' +
          'Multi-line input: the convention every line with words agrees on, else `mixed`.',
      ),
  }),
);
