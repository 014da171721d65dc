import { z } from 'zod';
import { pure } from '../pure';
import { TARGETS, type Target } from './convert';

// The conventions are the converter's own list; the page takes them from here.
export { TARGETS, type Target } from './convert';

export const Input = pure(() => z.object({
  input: z
    .string()
    .min(1)
    .describe(
      'Identifier or phrase. Words are split on every character that is not a letter or digit (any script), ' +
        'on lower→upper and digit→upper changes, and before the last capital of an acronym (`XMLHttpRequest` → xml, http, request).',
    ),
  to: z
    .enum([...TARGETS, 'all'])
    .describe(
      'Target naming convention, or `all`: every convention at once in `outputs` (`output` then holds camelCase). ' +
        'Input with line breaks (after trimming) converts line by line for every target: LF, CRLF and CR are kept as written, ' +
        'and a line without words stays an empty line.',
    ),
}));

export const Output = pure(() => z.object({
  output: z
    .string()
    .describe('The words joined in the target convention (camelCase for `all`); acronyms are treated as ordinary words (`xmlHttpRequest`). Multi-line input: one converted line per input line.'),
  outputs: z
    .object(Object.fromEntries(TARGETS.map((target) => [target, z.string().describe(`The input in ${target}.`)])) as Record<Target, z.ZodString>)
    .optional()
    .describe('Only for `to: "all"`: every one of the eleven conventions (name → converted text), in the order listed for `to`.'),
  tokens: z.array(z.string()).describe('The words extracted from the input, in lower case.'),
  from_detected: z
    .enum([...TARGETS, 'mixed'])
    .describe(
      'Naming convention of the input: the first of the eleven conventions whose rule matches, in the order listed, else `mixed`. ' +
        'Multi-line input: the convention every line with words agrees on, else `mixed`.',
    ),
}));
