// A tool's request and answer as types, by slug, read from the registry's zod schemas. Only
// types: a page that imports them loads no tool code (and no zod).
import type { z } from 'zod';
import type { Issue } from '../core/invoke';
import type { Slug, Tool } from './index';

/** The registry's definition of the tool `S`. */
export type ToolOf<S extends Slug> = Extract<Tool, { slug: S }>;

/** A request body as sent: fields with a default may be left out (zod's input type). */
export type InputOf<S extends Slug> = z.input<ToolOf<S>['input']>;

/** The input once zod filled in the defaults: what the tool's `run` gets, and what a page edits. */
export type ParsedInputOf<S extends Slug> = z.output<ToolOf<S>['input']>;

/** The body of a 200 answer. */
export type OutputOf<S extends Slug> = z.output<ToolOf<S>['output']>;

/** The body of every other answer: one sentence, and per-field issues on a 400. */
export interface ErrorBody {
  error: string;
  issues?: Issue[];
}

/** The statuses a tool answers with besides 200: bad input, unknown tool, bug, unavailable. */
export type ErrorStatus = 400 | 404 | 500 | 503;

/** A tool's answer, discriminated on `status`: the output on 200, else an error. */
export type ToolReply<S extends Slug> = { status: 200; body: OutputOf<S> } | { status: ErrorStatus; body: ErrorBody };
