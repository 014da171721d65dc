// The worker's side of worker-client.ts: each `{ id, ...job }` is answered once with
// `{ id, reply }`, after any `{ id, progress }` the work reports.
/// <reference lib="webworker" />
import type { AnswerMessage, JobMessage } from './worker-client';

export interface ServeOptions<Answer> {
  /** The answer when the work throws (the worker itself stays up for the next job). */
  failed: (error: unknown, id: number) => Answer;
  /** What of an answer to move to the page rather than copy (its byte buffers). */
  transfer?: (answer: Answer) => Transferable[];
}

export function serveJobs<Job extends object, Answer, Progress = never>(
  work: (job: JobMessage<Job>, progress: (progress: Progress) => void) => Promise<Answer>,
  { failed, transfer }: ServeOptions<Answer>,
): void {
  const post = (message: AnswerMessage<Answer, Progress>, moved: Transferable[] = []) =>
    self.postMessage(message, moved);
  self.onmessage = ({ data }: MessageEvent<JobMessage<Job>>) => {
    const { id } = data;
    work(data, (progress) => post({ id, progress })).then(
      (reply) => post({ id, reply }, transfer?.(reply)),
      (error: unknown) => post({ id, reply: failed(error, id) }),
    );
  };
}
