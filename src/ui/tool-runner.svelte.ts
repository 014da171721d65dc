// A page's live connection to its tool: holds the input, runs it through the worker as the
// user types (debounced, latest wins, older runs cancelled), keeps the reply, and mirrors the
// input into the URL fragment for sharing. What the page holds is kept in this tab's memory
// (session-inputs.ts) so a return to the page finds it again, and successful inputs go to the
// tool's history when the user turned it on (input-history.ts).
import type { Slug } from '../tools/index';
import type { InputOf, OutputOf, ParsedInputOf, ToolReply } from '../tools/types';
import { runTool } from '../workers/bridge';
import type { JsonSchema } from './field-check';
import { readFragment, shareState } from './fragment';
import { noteInput } from './input-history';
import { linkStatus } from './link-status.svelte';
// The history's panel (loaded on demand) takes these from here, not from input-history.ts: a
// module reached only through this one ships in this one's chunk, and each page's first load
// stays within its budget.
export {
  clearInputs,
  HISTORY_COUNT,
  HISTORY_ENTRY_CHARS,
  historyOn,
  setHistoryOn,
  watchHistory,
} from './input-history';
import { takePrefill } from './prefill';
import { keepPage, keptPage } from './session-inputs';

/** What a runner sends: its input without empty optional text, so possibly incomplete. */
export type RunnerBody<S extends Slug> = Partial<InputOf<S>>;

export interface RunnerOptions<S extends Slug = Slug> {
  /** Run on every change (cheap tools) or only when `run()` is called. */
  live?: boolean;
  /** Pause after the last change before a live run; by default it grows with the input's size. */
  debounceMs?: number;
  /** Input fields never written to the URL. */
  secrets?: readonly string[];
  /** Input fields not shared in the URL because they are large or binary (images). */
  unshared?: readonly string[];
  /**
   * Credentials (a JWT secret or key, an HMAC key): besides staying out of the URL (list them in
   * `secrets` too), they are kept for a return to the page only when the user allows it
   * (`keepCredentials`), and never in the history.
   */
  credentials?: readonly string[];
  /**
   * What a shared link may put in the page's own fields (choices the tool has no field for) or
   * in a field the page reads more widely than the tool, as JSON Schema. The tool's own fields
   * are checked against its input schema (src/ui/field-check.ts).
   */
  fields?: Readonly<Record<string, JsonSchema>>;
  /** Whether the input is complete enough to run (e.g. required text present). */
  ready?: (body: RunnerBody<S>) => boolean;
  /**
   * What is sent for a body: a page whose controls hold choices the tool has no field for (the
   * resizer's "Same as input" format, its percentage sizing) turns them into the tool's fields
   * here, so the fragment keeps the choice and the tool gets plain values. Default: as it is.
   */
  send?: (body: RunnerBody<S>) => RunnerBody<S>;
  /** How long the worker may take on a body sent (an image page sizes it to the work: ui/work-limit.ts). Default: the bridge's. */
  timeoutMs?: (body: RunnerBody<S>) => number | undefined;
}

/**
 * Typed from the tool's schemas: `input` is the tool's input with its defaults filled in,
 * `output` the body of a 200 answer. A page starts it with the schema's DEFAULTS and its own
 * values for the required fields: `new ToolRunner('base64', { ...DEFAULTS, input: '' })`.
 */
export class ToolRunner<S extends Slug> {
  input: ParsedInputOf<S> = $state() as ParsedInputOf<S>;
  reply: ToolReply<S> | undefined = $state.raw();
  running = $state(false);
  /** A failure of the worker itself (crash, time-out), not of the input. */
  failure: string | undefined = $state();
  /** The user allowed the credentials to be kept in this tab's memory for a return to the page. */
  keepCredentials = $state(false);

  readonly slug: S;
  #options: Required<Omit<RunnerOptions<S>, 'ready' | 'send' | 'timeoutMs'>> &
    Pick<RunnerOptions<S>, 'ready' | 'send' | 'timeoutMs'>;
  /** The input's fields: a link, a hand-over or an example sets only these. */
  #keys: Set<string>;
  /** Fields handed over by smart paste or an opened file (./prefill.ts): kept out of the URL
   * for the life of the page, as the hand-over promises; the user may have pasted a credential. */
  #handed: string[] = [];
  /** Settles once a shared link's fields are in `input` (at once without a link): a page that
   * derives its own state from the input when it opens does so again then. */
  linked: Promise<void> = Promise.resolve();
  #controller: AbortController | undefined;
  /** `failure` is the user's Cancel: the next run clears it as it starts (it is not the input's fault). */
  #cancelled = false;
  #timer: ReturnType<typeof setTimeout> | undefined;

  constructor(slug: S, initial: ParsedInputOf<S>, options: RunnerOptions<S> = {}) {
    this.slug = slug;
    this.#keys = new Set(Object.keys(initial));
    this.#options = { live: true, debounceMs: 0, secrets: [], unshared: [], credentials: [], fields: {}, ...options };
    // A shared link may carry any JSON: a field is taken only when the tool's input schema (or
    // the page's own `fields`) accepts its value, so a number where the page binds text never
    // reaches its controls; the other fields of the link are kept. Values the schema cannot
    // judge (a time zone that does not exist) are the tool's to answer with a 400. Input handed
    // over by smart paste or an opened file (./prefill.ts) wins over the link. With neither, the
    // page comes back as the user left it in this tab.
    const handed = takePrefill(slug, [...this.#keys]);
    const fromLink = location.hash.length > 1;
    const kept = fromLink || Object.keys(handed).length ? undefined : keptPage(slug);
    this.#handed = kept ? [...kept.handed] : Object.keys(handed);
    this.input = { ...initial, ...this.#known(kept?.input ?? {}), ...handed } as ParsedInputOf<S>;
    if (kept) {
      this.reply = kept.reply as ToolReply<S> | undefined;
      this.keepCredentials = kept.keepCredentials;
    }
    // A link's fields are applied a moment after the page is up: the schemas they are checked
    // against load only for a page opened with a fragment (they stay out of every page's first
    // load), and a compressed link is read by an asynchronous DecompressionStream.
    if (fromLink) {
      const state = readFragment();
      this.linked = Promise.all([state, import('virtual:input-fields'), import('./field-check')]).then(
        ([link, { default: inputFields }, { checkFields }]) => {
          const fields = this.#known(checkFields(link, inputFields[slug], this.#options.fields));
          for (const key of this.#handed) delete fields[key];
          Object.assign(this.input as object, fields);
        },
      );
    }

    $effect(() => {
      const body = $state.snapshot(this.input) as Record<string, unknown>;
      const hidden = [...this.#options.secrets, ...this.#options.unshared, ...this.#handed];
      // Compressing a large input for the link waits for a pause in typing, as a run does.
      const size = sizeOf(body);
      linkStatus.update(this, () => shareState(body, hidden), size < 50_000 ? 0 : pauseFor(size));
      if (this.#options.live) this.#schedule(body);
    });
    $effect(() => {
      const input = $state.snapshot(this.input) as Record<string, unknown>;
      const keep = this.keepCredentials;
      keepPage(slug, {
        input: keep ? input : this.#without(input, this.#options.credentials),
        reply: this.reply,
        keepCredentials: keep,
        handed: this.#handed,
      });
    });
    $effect(() => () => {
      this.#cancel();
      linkStatus.release(this);
    });
  }

  /** The body sent to the tool: the input without empty optional text fields. */
  get body(): RunnerBody<S> {
    return this.#clean($state.snapshot(this.input) as Record<string, unknown>);
  }

  /** The successful answer, if the last run succeeded. */
  get output(): OutputOf<S> | undefined {
    return this.reply?.status === 200 ? this.reply.body : undefined;
  }

  /** The error sentence of the last run: a 400/500 `error`, or a failure of the worker. */
  get error(): string | undefined {
    if (this.failure) return this.failure;
    return this.reply && this.reply.status !== 200 ? (this.reply.body.error ?? 'Error') : undefined;
  }

  /** Replaces the fields given (an example, pasted input); the others keep their values. */
  load(fields: Partial<ParsedInputOf<S>> | Record<string, unknown>): void {
    Object.assign(this.input as object, this.#known(fields as Record<string, unknown>));
  }

  #without(fields: Record<string, unknown>, keys: readonly string[]): Record<string, unknown> {
    return Object.fromEntries(Object.entries(fields).filter(([key]) => !keys.includes(key)));
  }

  #known(fields: Record<string, unknown>): Record<string, unknown> {
    return Object.fromEntries(Object.entries(fields).filter(([key]) => this.#keys.has(key)));
  }

  run(): Promise<void> {
    clearTimeout(this.#timer);
    return this.#execute(this.body);
  }

  /**
   * The user stopped the run under way (a Cancel button): its worker is stopped with it (see
   * workers/bridge.ts), the last answer is dropped (it answered other settings) and `error` says
   * so; the next change of the input runs again as usual.
   */
  cancel(sentence: string): void {
    if (!this.running) return;
    this.#cancel();
    this.running = false;
    this.reply = undefined;
    this.failure = sentence;
    this.#cancelled = true;
  }

  #schedule(body: Record<string, unknown>): void {
    clearTimeout(this.#timer);
    // New input makes the running job's answer stale: stop it now (the worker is stopped with
    // it, see workers/bridge.ts) rather than let it hold a core through the pause.
    this.#controller?.abort();
    this.#timer = setTimeout(
      () => void this.#execute(this.#clean(body)),
      this.#options.debounceMs || pauseFor(sizeOf(body)),
    );
  }

  #clean(body: Record<string, unknown>): RunnerBody<S> {
    return Object.fromEntries(
      Object.entries(body).filter(([, value]) => value !== undefined && value !== ''),
    ) as RunnerBody<S>;
  }

  #cancel(): void {
    clearTimeout(this.#timer);
    this.#controller?.abort();
  }

  async #execute(given: RunnerBody<S>): Promise<void> {
    this.#controller?.abort();
    const body = this.#options.send ? this.#options.send(given) : given;
    if (this.#options.ready && !this.#options.ready(body)) {
      this.reply = undefined;
      this.failure = undefined;
      this.running = false;
      return;
    }
    const controller = new AbortController();
    this.#controller = controller;
    this.running = true;
    if (this.#cancelled) {
      this.#cancelled = false;
      this.failure = undefined;
    }
    try {
      // Sent as it is, complete or not (`ready` aside): the tool answers a missing field with a 400.
      const timeoutMs = this.#options.timeoutMs?.(body);
      const reply = await runTool(this.slug, body as InputOf<S>, {
        signal: controller.signal,
        ...(timeoutMs ? { timeoutMs } : {}),
      });
      if (controller.signal.aborted) return;
      this.reply = reply;
      this.failure = undefined;
      // What the page sent, as its fields (not `send`'s rewrite): a history entry reopens the page.
      if (reply.status === 200)
        noteInput(this.slug, this.#without(given, [...this.#options.credentials, ...this.#options.unshared]));
    } catch (error) {
      if (controller.signal.aborted) return;
      this.failure = error instanceof Error ? error.message : String(error);
    } finally {
      if (this.#controller === controller) this.running = false;
    }
  }
}

/** The characters of a body's text fields. */
function sizeOf(body: Record<string, unknown>): number {
  let size = 0;
  for (const value of Object.values(body)) if (typeof value === 'string') size += value.length;
  return size;
}

/** Typing into megabytes of input should not start a run per keystroke: wait longer for more. */
function pauseFor(size: number): number {
  return size < 50_000 ? 150 : size < 1_000_000 ? 400 : 1000;
}
