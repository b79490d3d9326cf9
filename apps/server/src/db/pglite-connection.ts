import type { PGlite } from '@electric-sql/pglite';
import { EventEmitter } from 'node:events';
import { serialize } from 'pg-protocol';

type Message = { name: string };
type ParseConfig = Parameters<typeof serialize.parse>[0];

/**
 * PGlite as node-postgres's connection, as PGlite's own adapter (`@electric-sql/pglite/
 * node-postgres`) makes it, but a statement's messages (parse, bind, describe, execute) are held
 * until its sync and go into PGlite together. The adapter handed each in alone: an entry into the
 * WebAssembly, a sync of the files and a round of promises for each, four or five a statement.
 */
export class PgliteConnection extends EventEmitter {
  /** Read by pg's `Client.end()`, which skips `connection.end()` without it. */
  _connecting = false;
  /** pg's `Client.end()` destroys the stream when a statement is still running. */
  readonly stream = { destroy: () => this.end() };
  parsedStatements = {};
  submittedNamedStatements = {};
  readonly #pglite: PGlite;
  #queue: Promise<unknown>;
  #held: Buffer[] = [];
  #emitMessage = false;

  constructor(pglite: PGlite) {
    super();
    this.#pglite = pglite;
    this.#queue = pglite.waitReady;
    this.on('newListener', (event) => {
      if (event === 'message') this.#emitMessage = true;
    });
  }

  #hold(message: Buffer) {
    this.#held.push(message);
  }

  #send(last: Buffer) {
    const messages = this.#held.length > 0 ? Buffer.concat([...this.#held, last]) : last;
    this.#held = [];
    this.#queue = this.#queue
      .then(() => this.#pglite.execProtocolStream(messages, { throwOnError: false }))
      .then((answers: Message[]) => {
        for (const answer of answers) {
          if (this.#emitMessage) this.emit('message', answer);
          // node-postgres hears an ErrorResponse as 'errorMessage'.
          this.emit(answer.name === 'error' ? 'errorMessage' : answer.name, answer);
        }
      })
      .catch((error: unknown) => this.emit('error', error));
  }

  async connect() {
    this._connecting = true;
    await this.#pglite.waitReady;
    process.nextTick(() => this.emit('readyForQuery'));
  }

  // There is no socket, no TLS and no password: PGlite is this process's own.
  requestSsl() {}
  startup() {}
  cancel() {}
  password() {}
  ref() {}
  unref() {}

  query(text: string) {
    this.#send(serialize.query(text));
  }

  /**
   * drizzle hands node-postgres its result parsers as a statement's `types`; a parameter's types
   * are a list, which is all the protocol's Parse can carry.
   */
  parse(query: ParseConfig & { types?: unknown }) {
    this.#hold(
      serialize.parse({ ...query, types: Array.isArray(query.types) ? query.types : undefined }),
    );
  }

  bind(config: Parameters<typeof serialize.bind>[0]) {
    this.#hold(serialize.bind(config));
  }

  describe(message: Parameters<typeof serialize.describe>[0]) {
    this.#hold(serialize.describe(message));
  }

  execute(config: Parameters<typeof serialize.execute>[0]) {
    this.#hold(serialize.execute(config));
  }

  close(message: Parameters<typeof serialize.close>[0]) {
    this.#hold(serialize.close(message));
  }

  flush() {
    this.#send(serialize.flush());
  }

  sync() {
    this.#send(serialize.sync());
  }

  sendCopyFromChunk(chunk: Buffer) {
    this.#send(serialize.copyData(chunk));
  }

  endCopyFrom() {
    this.#send(serialize.copyDone());
  }

  sendCopyFail(message: string) {
    this.#send(serialize.copyFail(message));
  }

  /** Like a socket closing; the PGlite stays open, and the pool's next client gets this again. */
  end() {
    this.#queue = this.#queue.then(() => this.emit('end'));
    for (const event of this.eventNames())
      if (event !== 'newListener') this.removeAllListeners(event);
    this.#emitMessage = false;
  }
}
