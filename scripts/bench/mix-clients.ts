import { drawKind, newMemberState, type Kind, type MemberState } from './mix-kinds';
import type { MixWorld } from './mix-seed';
import { createPoster } from './post-json';
import { summarize, type Latency } from './stats';

/** The load: 50 members at a time, each sending the next request once answered. */
export const CLIENTS = 50;
export const VISIT = 30;
/** Error answers kept whole for the report (the rest are counted). */
const ERRORS_SHOWN = 5;

type ErrorAnswer = { kind: string; request: string; status: number; body: string };

export type KindFigures = { count: number; refused: number } & Latency;

export type MixRun = {
  seconds: number;
  byKind: Map<string, KindFigures>;
  total: KindFigures;
  /** 5xx, network errors and other unexpected answers, in the window or not. */
  errors: number;
  firstErrors: ErrorAnswer[];
  meanAnswerBytes: number;
};

/**
 * Runs `kinds` from CLIENTS closed-loop clients, each a member for a visit of VISIT requests,
 * then another member nobody else is being; counts only what ends between `window.open()` and
 * `window.close()`, which the caller times (warm-up before, usage samples at both ends).
 */
export async function runClients(
  baseUrl: string,
  kinds: readonly Kind[],
  world: MixWorld,
  tokens: string[],
  timing: (window: { open: () => void; close: () => void }) => Promise<void>,
): Promise<MixRun> {
  const poster = createPoster(baseUrl, CLIENTS);
  const free: MemberState[] = tokens.map((token, index) => newMemberState(index, token));
  const latencies = new Map<string, number[]>(kinds.map((kind) => [kind.name, []]));
  const refused = new Map<string, number>();
  const firstErrors: ErrorAnswer[] = [];
  let [errors, bytes, answers] = [0, 0, 0];
  let [counting, running, opened, closed] = [false, true, 0, 0];

  async function one(member: MemberState) {
    let kind = drawKind(kinds);
    let request = kind.request(member, world);
    while (!request) request = (kind = drawKind(kinds)).request(member, world);
    const started = performance.now();
    // A network error is an answer of status 0: counted as an error, not thrown.
    const answer = await poster
      .send(request.method, request.path, member.token, request.body, request.headers)
      .catch((error: Error) => ({ status: 0, body: error.message, headers: {} }));
    const { status, body } = answer;
    if (kind.ok.includes(status)) kind.remember?.(member, answer, request);
    const isRefusal = kind.refused?.includes(status) ?? false;
    if (!kind.ok.includes(status) && !isRefusal) {
      errors++;
      if (firstErrors.length < ERRORS_SHOWN)
        firstErrors.push({
          kind: kind.name,
          request: `${request.method} ${request.path}`,
          status,
          body,
        });
    }
    if (!counting) return;
    latencies.get(kind.name)!.push(performance.now() - started);
    if (isRefusal) refused.set(kind.name, (refused.get(kind.name) ?? 0) + 1);
    bytes += Buffer.byteLength(body);
    answers++;
  }

  async function client() {
    while (running) {
      const member = free.splice(Math.floor(Math.random() * free.length), 1)[0]!;
      for (let i = 0; i < VISIT && running; i++) await one(member);
      free.push(member);
    }
  }

  const clients = Array.from({ length: CLIENTS }, client);
  await timing({
    open: () => {
      counting = true;
      opened = performance.now();
    },
    close: () => {
      counting = false;
      closed = performance.now();
    },
  });
  running = false;
  await Promise.all(clients);
  poster.close();

  const seconds = (closed - opened) / 1000;
  const figures = (times: number[], refusals: number) => ({
    count: times.length,
    refused: refusals,
    ...summarize(times),
  });
  return {
    seconds,
    byKind: new Map(
      kinds.map((kind) => [
        kind.name,
        figures(latencies.get(kind.name)!, refused.get(kind.name) ?? 0),
      ]),
    ),
    total: figures(
      [...latencies.values()].flat(),
      [...refused.values()].reduce((a, b) => a + b, 0),
    ),
    errors,
    firstErrors,
    meanAnswerBytes: answers === 0 ? 0 : bytes / answers,
  };
}
